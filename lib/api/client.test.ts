import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiFetch,
  cloudFetch,
  cloudPath,
  errorFromBody,
  NETWORK_ERROR_STATUS,
  parseRetryAfter,
  servicePath,
} from './client';

const headers = (init: Record<string, string> = {}) => new Headers(init);

describe('parseRetryAfter', () => {
  it.each([
    [null, undefined],
    ['', undefined],
    ['12', 12],
    [' 3 ', 3],
    ['soon', undefined],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value)).toBe(expected);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:59:00 GMT', now)).toBe(0);
  });
});

describe('errorFromBody', () => {
  it('reads the BFF error with fields and request id', () => {
    const body = JSON.stringify({
      status: 400,
      error: 'Body validation failed',
      code: 'BAD_REQUEST',
      requestId: 'req-1',
      fields: [{ path: 'ipAccessList.0.source', message: 'Enter an IPv4 or IPv6 address' }, { path: 3 }],
    });
    const error = errorFromBody(400, 'Bad Request', body, headers());
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Body validation failed',
      requestId: 'req-1',
      fields: [{ path: 'ipAccessList.0.source', message: 'Enter an IPv4 or IPv6 address' }],
    });
  });

  it('drops the upstream "CODE: " prefix of the message', () => {
    const body = JSON.stringify({ status: 409, error: 'CONFLICT: endpoint already exists', code: 'CONFLICT' });
    expect(errorFromBody(409, '', body, headers()).message).toBe('endpoint already exists');
  });

  it('takes `message` bodies and derives the code from the status', () => {
    const error = errorFromBody(404, '', JSON.stringify({ message: 'Alert not found' }), headers());
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Alert not found');
  });

  it('uses a plain-text body as the message', () => {
    expect(errorFromBody(401, 'Unauthorized', 'Unauthorized', headers()).message).toBe('Unauthorized');
  });

  it('ignores HTML and empty bodies in favour of the status text', () => {
    expect(errorFromBody(502, 'Bad Gateway', '<!DOCTYPE html><html>…</html>', headers()).message).toBe('Bad Gateway');
    expect(errorFromBody(504, '', '', headers()).message).toBe('Request failed with status 504');
  });

  it('ignores JSON that is not an object', () => {
    const error = errorFromBody(500, 'Internal Server Error', '[1,2]', headers());
    expect(error.message).toBe('Internal Server Error');
    expect(error.code).toBe('INTERNAL_ERROR');
  });

  it('truncates long text bodies', () => {
    const error = errorFromBody(500, '', 'x'.repeat(1000), headers());
    expect(error.message.length).toBeLessThan(310);
  });

  it('carries Retry-After', () => {
    const error = errorFromBody(
      429,
      '',
      JSON.stringify({ error: 'slow down', code: 'UPSTREAM_RATE_LIMITED' }),
      headers({ 'Retry-After': '7' }),
    );
    expect(error.retryAfter).toBe(7);
    expect(error.code).toBe('UPSTREAM_RATE_LIMITED');
  });
});

describe('apiFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends each request from a task of its own where the browser can yield (scheduler.yield)', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const yields: Array<() => void> = [];
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => yields.push(resolve)) });
    const first = apiFetch('/api/a');
    const second = apiFetch('/api/b');
    await Promise.resolve();
    // Both wait for their own task: nothing sent from the task that asked.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(yields).toHaveLength(2);
    yields[0]!();
    await first;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    yields[1]!();
    await second;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends JSON with the content type only when there is a body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/x', { method: 'POST', body: { a: 1 } });
    await apiFetch('/api/y');
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls[0]?.[1]).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
    });
    expect(calls[1]?.[1].headers).toEqual({ Accept: 'application/json' });
  });

  it('returns undefined for an empty success body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('throws ApiRequestError for failures, network errors and non-JSON successes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 403, statusText: 'Forbidden' })),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'nope' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: NETWORK_ERROR_STATUS, code: 'NETWORK_ERROR' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('rethrows aborts as they are', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw abort;
      }),
    );
    await expect(apiFetch('/api/x', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('cloudFetch unwraps the envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 200, requestId: 'r', result: [1, 2] }), { status: 200 })),
    );
    await expect(cloudFetch<number[]>('/api/cloud/v1/x')).resolves.toEqual([1, 2]);
  });
});

describe('paths', () => {
  it('encodes every segment', () => {
    expect(cloudPath('org', 'keys', 'a/b')).toBe('/api/cloud/v1/organizations/org/keys/a%2Fb');
    expect(servicePath('o', 's', 'privateEndpointConfig')).toBe(
      '/api/cloud/v1/organizations/o/services/s/privateEndpointConfig',
    );
  });
});
