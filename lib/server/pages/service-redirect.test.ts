import { describe, expect, it } from 'vitest';
import { queryString } from './service-redirect';

describe('the query string an old address keeps', () => {
  it('is empty without parameters', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ gone: undefined })).toBe('');
  });

  it('keeps every parameter, repeated ones in order, encoded', () => {
    expect(queryString({ kind: 'postgres', state: ['Running', 'Failed'], q: 'a b&c' })).toBe(
      '?kind=postgres&state=Running&state=Failed&q=a+b%26c',
    );
  });
});
