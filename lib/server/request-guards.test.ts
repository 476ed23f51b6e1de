/** The request guards one by one, on plain Requests: which methods are writes, same origin, content type, body size, depth and parsing. */
import { describe, expect, it } from 'vitest';
import {
  assertJsonContentType,
  assertSameOrigin,
  isMutation,
  jsonDepth,
  MAX_JSON_DEPTH,
  ownOrigin,
  readBodyText,
  readJsonBody,
} from './request-guards';

const request = (headers: Record<string, string> = {}, url = 'http://console.test/api/x') =>
  new Request(url, { method: 'POST', headers });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('isMutation', () => {
  it('counts POST, PUT, PATCH and DELETE in any case as writes, and nothing else', () => {
    expect(['POST', 'put', 'Patch', 'DELETE'].map(isMutation)).toEqual([true, true, true, true]);
    expect(['GET', 'HEAD', 'OPTIONS', ''].map(isMutation)).toEqual([false, false, false, false]);
  });
});

describe('ownOrigin', () => {
  it('is the request URL’s origin when no header says otherwise', () => {
    expect(ownOrigin(new Request('https://console.test:8443/api/x'))).toBe('https://console.test:8443');
  });

  it('takes the first forwarded protocol and host, trimmed, over the Host header', () => {
    expect(
      ownOrigin(
        request({
          'x-forwarded-proto': ' https , http',
          'x-forwarded-host': ' console.example.com , proxy.internal',
          host: 'internal:3000',
        }),
      ),
    ).toBe('https://console.example.com');
  });

  it('falls back to the Host header, and to the URL when a forwarded header is blank', () => {
    expect(ownOrigin(request({ host: 'internal:3000' }))).toBe('http://internal:3000');
    expect(ownOrigin(request({ 'x-forwarded-proto': ' ', 'x-forwarded-host': ',' }))).toBe('http://console.test');
  });

  it('is undefined when the forwarded host makes no origin', () => {
    expect(ownOrigin(request({ 'x-forwarded-host': 'a b' }))).toBeUndefined();
  });
});

describe('assertSameOrigin', () => {
  it('lets through an Origin equal to its own, written in any case, and Sec-Fetch-Site same-origin alone', () => {
    expect(() => assertSameOrigin(request({ origin: 'http://console.test' }))).not.toThrow();
    expect(() => assertSameOrigin(request({ origin: 'HTTP://Console.Test:80/' }))).not.toThrow();
    expect(() => assertSameOrigin(request({ 'sec-fetch-site': 'same-origin' }))).not.toThrow();
    expect(() =>
      assertSameOrigin(request({ 'sec-fetch-site': 'same-origin', origin: 'http://console.test' })),
    ).not.toThrow();
  });

  it('refuses a foreign Sec-Fetch-Site, naming it, even with our Origin', () => {
    expect(
      refusal(() => assertSameOrigin(request({ 'sec-fetch-site': 'same-site', origin: 'http://console.test' }))),
    ).toMatchObject({
      status: 403,
      code: 'FOREIGN_ORIGIN',
      message: 'Cross-origin request refused (Sec-Fetch-Site: same-site)',
    });
  });

  it('refuses a foreign or unreadable Origin, naming it, even with Sec-Fetch-Site same-origin', () => {
    for (const origin of ['https://evil.example', 'null', 'http://console.test.evil.example'])
      expect(refusal(() => assertSameOrigin(request({ origin, 'sec-fetch-site': 'same-origin' })))).toMatchObject({
        status: 403,
        code: 'FOREIGN_ORIGIN',
        message: `Cross-origin request refused: Origin ${origin} is not this console`,
      });
  });

  it('refuses any Origin when its own origin cannot be told', () => {
    expect(refusal(() => assertSameOrigin(request({ origin: 'http://a b', 'x-forwarded-host': 'a b' })))).toMatchObject(
      {
        code: 'FOREIGN_ORIGIN',
      },
    );
  });

  it('refuses a write with neither header', () => {
    expect(refusal(() => assertSameOrigin(request()))).toMatchObject({
      status: 403,
      code: 'FOREIGN_ORIGIN',
      message: 'Request refused: changes need an Origin header from this console',
    });
  });
});

describe('assertJsonContentType', () => {
  it('accepts application/json in any case, with parameters and spaces', () => {
    for (const type of ['application/json', ' Application/JSON ; charset=utf-8'])
      expect(() => assertJsonContentType(request({ 'content-type': type }))).not.toThrow();
  });

  it('refuses anything else with 415, naming the type sent, in lower case', () => {
    expect(
      refusal(() => assertJsonContentType(request({ 'content-type': 'Text/Plain; charset=utf-8' }))),
    ).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Content-Type must be application/json, not text/plain',
    });
    expect(
      refusal(() => assertJsonContentType(request({ 'content-type': 'application/json-patch+json' }))),
    ).toMatchObject({
      status: 415,
    });
  });

  it('refuses a missing or empty type without naming one', () => {
    for (const headers of [{}, { 'content-type': '' }] as Record<string, string>[])
      expect(refusal(() => assertJsonContentType(request(headers)))).toMatchObject({
        status: 415,
        message: 'Content-Type must be application/json',
      });
  });
});

const streamed = (...chunks: string[]) =>
  new Request('http://console.test/api/x', {
    method: 'POST',
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);

describe('readBodyText', () => {
  it('reads a body of up to the limit, in chunks', async () => {
    expect(await readBodyText(streamed('ab', 'cd'), 4)).toBe('abcd');
    expect(await readBodyText(request(), 4)).toBe('');
  });

  it('refuses with 413 a declared length past the limit before reading, and a body that grows past it', async () => {
    const declared = new Request('http://console.test/api/x', {
      method: 'POST',
      body: 'ab',
      headers: { 'content-length': '5' },
    });
    await expect(readBodyText(declared, 4)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    await expect(readBodyText(streamed('abc', 'de'), 4)).rejects.toMatchObject({ status: 413 });
  });

  it('accepts a declared length equal to the limit', async () => {
    const exact = new Request('http://console.test/api/x', {
      method: 'POST',
      body: 'abcd',
      headers: { 'content-length': '4' },
    });
    expect(await readBodyText(exact, 4)).toBe('abcd');
  });

  it('refuses bytes that are not UTF-8', async () => {
    const bad = new Request('http://console.test/api/x', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0x7d]) });
    await expect(readBodyText(bad)).rejects.toMatchObject({ status: 400, code: 'INVALID_JSON' });
  });
});

describe('jsonDepth', () => {
  it('counts the deepest nesting of objects and arrays', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('[{"a":[1]},{}]')).toBe(3);
    expect(jsonDepth('[[]],[[[]]]')).toBe(3);
  });

  it('ignores brackets inside strings, also after an escaped quote or backslash', () => {
    expect(jsonDepth('{"a":"[[{"}')).toBe(1);
    expect(jsonDepth('["\\"[[[", "\\\\", [1]]')).toBe(2);
  });

  it('stops counting once the limit is reached', () => {
    expect(jsonDepth('[[[[[]]]]]', 3)).toBe(3);
    expect(jsonDepth('[[[[[]]]]]', 6)).toBe(5);
  });
});

describe('readJsonBody', () => {
  const body = (text: string) => new Request('http://console.test/api/x', { method: 'POST', body: text });

  it('parses the body', async () => {
    expect(await readJsonBody(body(' {"a":[1]} '))).toEqual({ a: [1] });
  });

  it('refuses an empty or blank body, one nested too deep, and malformed JSON, each with its own message', async () => {
    await expect(readJsonBody(body(' \n'))).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_JSON',
      message: 'Request body is empty; a JSON document is expected',
    });
    await expect(readJsonBody(body('['.repeat(MAX_JSON_DEPTH)))).rejects.toMatchObject({
      status: 400,
      code: 'BODY_TOO_DEEP',
    });
    await expect(
      readJsonBody(body(`${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`)),
    ).resolves.toBeDefined();
    await expect(readJsonBody(body('{"a":'))).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_JSON',
      message: 'Request body is not valid JSON',
    });
  });
});
