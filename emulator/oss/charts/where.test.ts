import { describe, expect, it } from 'vitest';
import { parseWhere, WhereSyntaxError } from './where';

const term = (field: string | null, value: string, op = '=', quoted = false) => ({
  kind: 'term',
  field,
  op,
  value,
  quoted,
});

describe('chart where parser', () => {
  it('treats an empty or blank query as match-all', () => {
    expect(parseWhere('')).toEqual({ kind: 'all' });
    expect(parseWhere('   ')).toEqual({ kind: 'all' });
  });

  it('parses field terms, quoted phrases and bare words', () => {
    expect(parseWhere('SeverityText:error')).toEqual(term('SeverityText', 'error'));
    expect(parseWhere('body:"order placed"')).toEqual(term('body', 'order placed', '=', true));
    expect(parseWhere('timeout')).toEqual(term(null, 'timeout'));
    expect(parseWhere('"connection refused"')).toEqual(term(null, 'connection refused', '=', true));
    expect(parseWhere('url:http://x/a:b')).toEqual(term('url', 'http://x/a:b'));
  });

  it('parses every comparison operator', () => {
    expect(parseWhere('duration_ms:>100')).toEqual(term('duration_ms', '100', '>'));
    expect(parseWhere('duration_ms:>=100')).toEqual(term('duration_ms', '100', '>='));
    expect(parseWhere('duration_ms:<100')).toEqual(term('duration_ms', '100', '<'));
    expect(parseWhere('duration_ms:<=100')).toEqual(term('duration_ms', '100', '<='));
  });

  it('parses negation with - and NOT', () => {
    expect(parseWhere('-SeverityText:info')).toEqual({ kind: 'not', node: term('SeverityText', 'info') });
    expect(parseWhere('NOT SeverityText:info')).toEqual({ kind: 'not', node: term('SeverityText', 'info') });
  });

  it('binds AND tighter than OR, with implicit AND between terms', () => {
    expect(parseWhere('a:1 OR b:2 AND c:3')).toEqual({
      kind: 'or',
      nodes: [term('a', '1'), { kind: 'and', nodes: [term('b', '2'), term('c', '3')] }],
    });
    expect(parseWhere('a:1 b:2 OR c:3')).toEqual({
      kind: 'or',
      nodes: [{ kind: 'and', nodes: [term('a', '1'), term('b', '2')] }, term('c', '3')],
    });
  });

  it('groups with parentheses', () => {
    expect(parseWhere('(a:1 OR b:2) c:3')).toEqual({
      kind: 'and',
      nodes: [{ kind: 'or', nodes: [term('a', '1'), term('b', '2')] }, term('c', '3')],
    });
    expect(parseWhere('-(a:1 OR b:2)')).toEqual({
      kind: 'not',
      node: { kind: 'or', nodes: [term('a', '1'), term('b', '2')] },
    });
  });

  it('rejects malformed queries', () => {
    for (const bad of [
      '(SeverityText:error',
      'SeverityText:error)',
      'SeverityText:',
      'body:"open',
      'a:1 AND',
      'OR a:1',
      'a:1 OR OR b:2',
      '()',
    ]) {
      expect(() => parseWhere(bad), bad).toThrow(WhereSyntaxError);
    }
  });
});
