import { describe, expect, it } from 'vitest';
import { mayHoldCredentials, sanitize } from './sanitize';

describe('sanitize', () => {
  it('removes credential fields at any depth, in any spelling', () => {
    const input = {
      a: [{ b: { c: [{ password: 'p', keep: 1 }] } }],
      Secret_Key: 's',
      'connection-string': 'c',
      credentials: { username: 'u' },
      privateKey: 'k',
      accessKey: { accessKeyId: 'id' },
      keySecret: 'ks',
      accessKeyId: 'stays',
    };
    expect(sanitize(input)).toEqual({ a: [{ b: { c: [{ keep: 1 }] } }], accessKeyId: 'stays' });
    expect(input.a[0]?.b.c[0]?.password).toBe('p');
  });

  it('keeps keySecret only when allowed', () => {
    expect(sanitize({ keySecret: 'once', key: { password: 'x' } }, { allowKeySecret: true })).toEqual({
      keySecret: 'once',
      key: {},
    });
  });

  it('returns the same object when nothing had to go', () => {
    const clean = { a: [{ b: 1 }], c: 'password is a word in a value' };
    expect(sanitize(clean)).toBe(clean);
  });

  it('pre-screens raw JSON cheaply, including escaped key names', () => {
    expect(mayHoldCredentials('{"status":200,"result":[]}')).toBe(false);
    expect(mayHoldCredentials('{"Password":"x"}')).toBe(true);
    expect(mayHoldCredentials('{"\\u0070assword":"x"}')).toBe(true);
  });
});
