import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_STATUS } from '../client';
import { getCode } from './use-code-query';

afterEach(() => vi.unstubAllGlobals());

describe('getCode', () => {
  it('reads the Terraform text of an object, asking for text', async () => {
    const fetchMock = vi.fn(async () => new Response('resource "x" "y" {}\n', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getCode('dashboards', 'a b')).resolves.toBe('resource "x" "y" {}\n');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/code/dashboards/a%20b?format=terraform');
    expect((init.headers as Record<string, string>).Accept).toBe('text/plain');
  });

  it('turns an error answer into the BFF error it carries', async () => {
    const body = JSON.stringify({ status: 404, error: 'No such dashboard', code: 'NOT_FOUND' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 404 })),
    );
    await expect(getCode('dashboards', 'd1')).rejects.toMatchObject({ status: 404, message: 'No such dashboard' });
  });

  it('says the server could not be reached when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(getCode('dashboards', 'd1')).rejects.toMatchObject({
      status: NETWORK_ERROR_STATUS,
      code: 'NETWORK_ERROR',
    });
  });
});
