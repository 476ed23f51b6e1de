import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, safeNextPath, signInSchema } from './session';

describe('safeNextPath', () => {
  it.each([
    ['/keys', '/keys'],
    ['/endpoints?x=1#y', '/endpoints?x=1#y'],
    ['/scaling/../keys', '/keys'],
    [undefined, DEFAULT_AFTER_SIGN_IN],
    ['', DEFAULT_AFTER_SIGN_IN],
    ['keys', DEFAULT_AFTER_SIGN_IN],
    ['//evil.example', DEFAULT_AFTER_SIGN_IN],
    ['/\\evil.example', DEFAULT_AFTER_SIGN_IN],
    ['https://evil.example/keys', DEFAULT_AFTER_SIGN_IN],
    ['javascript:alert(1)', DEFAULT_AFTER_SIGN_IN],
    ['/\tevil', DEFAULT_AFTER_SIGN_IN],
    ['/login?next=/keys', DEFAULT_AFTER_SIGN_IN],
    ['/api/session', DEFAULT_AFTER_SIGN_IN],
    [`/${'a'.repeat(3000)}`, DEFAULT_AFTER_SIGN_IN],
  ])('%s → %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });
});

describe('signInSchema', () => {
  it('requires both fields and trims the username only', () => {
    expect(signInSchema.safeParse({ username: ' ', password: '' }).error?.issues.map((i) => i.message)).toEqual([
      'Username is required',
      'Password is required',
    ]);
    expect(signInSchema.parse({ username: ' admin ', password: ' pw ' })).toEqual({
      username: 'admin',
      password: ' pw ',
    });
  });
});
