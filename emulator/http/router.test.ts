import { describe, expect, it } from 'vitest';
import { Router } from './router';

describe('Router', () => {
  const router = new Router<string>()
    .get('/v1/organizations/:organizationId', 'org')
    .get('/v1/organizations/:organizationId/keys', 'keys')
    .patch('/v1/organizations/:organizationId/keys/:keyId', 'patch-key');

  it('matches method and path, extracting decoded params', () => {
    expect(router.match('GET', '/v1/organizations/abc')).toEqual({
      handler: 'org',
      params: { organizationId: 'abc' },
      pattern: '/v1/organizations/:organizationId',
    });
    expect(router.match('patch', '/v1/organizations/a%20b/keys/k1')?.params).toEqual({
      organizationId: 'a b',
      keyId: 'k1',
    });
    expect(router.match('GET', '/v1/organizations/abc/keys/')?.handler).toBe('keys');
  });

  it('does not match other methods, lengths, empty params or bad encodings', () => {
    expect(router.match('POST', '/v1/organizations/abc')).toBeUndefined();
    expect(router.match('GET', '/v1/organizations')).toBeUndefined();
    expect(router.match('GET', '/v1/organizations//keys')).toBeUndefined();
    expect(router.match('GET', '/v1/organizations/%E0%A4%A')).toBeUndefined();
  });
});
