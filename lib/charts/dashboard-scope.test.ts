import { describe, expect, it } from 'vitest';
import { narrowQuery, scopedWhere, substituteVariables, type DashboardScope } from './dashboard-scope';

const LOGS = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const scope = (over: Partial<DashboardScope> = {}): DashboardScope => ({ query: '', filters: [], ...over });
const service = { expression: 'ServiceName', values: ['checkout'], broadcast: true, sourceIds: [] as string[] };

describe('dashboard scope on a tile query', () => {
  it('adds the dashboard filter to every search-syntax where', () => {
    expect(scopedWhere('SeverityText:error', 'lucene', LOGS, scope({ query: 'ServiceName:checkout' }))).toEqual({
      where: '(SeverityText:error) AND (ServiceName:checkout)',
    });
    expect(scopedWhere('', undefined, LOGS, scope({ query: 'ServiceName:checkout' }))).toEqual({
      where: 'ServiceName:checkout',
    });
    expect(scopedWhere('a', 'lucene', LOGS, scope())).toEqual({ where: 'a' });
  });

  it('broadcasts chosen filter values, in the language of the where, to the sources they apply to', () => {
    expect(
      scopedWhere('', 'lucene', LOGS, scope({ filters: [{ ...service, values: ['checkout', 'a "b"'] }] })).where,
    ).toBe('(ServiceName:"checkout" OR ServiceName:"a \\"b\\"")');
    expect(scopedWhere('x = 1', 'sql', LOGS, scope({ filters: [{ ...service, values: ["o'k"] }] })).where).toBe(
      "(x = 1) AND (ServiceName IN ('o''k'))",
    );
    expect(
      scopedWhere('', 'lucene', LOGS, scope({ filters: [{ ...service, sourceIds: ['bbbbbbbbbbbbbbbbbbbbbbbb'] }] }))
        .where,
    ).toBe('');
    expect(scopedWhere('', 'lucene', LOGS, scope({ filters: [{ ...service, broadcast: false }] })).where).toBe('');
  });

  it('applies the filter only to tiles whose source names its fields, and says so in words elsewhere', () => {
    const TRACES = 'cccccccccccccccccccccccc';
    const sourceFields = new Map([
      [LOGS, { columns: ['ServiceName', 'SeverityText', 'Body'], maps: ['LogAttributes'] }],
      [TRACES, { columns: ['ServiceName', 'SpanName', 'Duration'], maps: ['SpanAttributes'] }],
    ]);
    const errors = scope({ query: 'SeverityText:error', sourceFields });
    expect(scopedWhere('', 'lucene', LOGS, errors)).toEqual({ where: 'SeverityText:error' });
    expect(scopedWhere('SpanName:x', 'lucene', TRACES, errors)).toEqual({
      where: 'SpanName:x',
      skipped: "This tile's source has no field SeverityText; the filter is not applied here.",
    });
    // A source the API tells nothing about gets the filter unchecked.
    expect(scopedWhere('', 'lucene', 'dddddddddddddddddddddddd', errors)).toEqual({ where: 'SeverityText:error' });
    const level = { expression: 'SeverityText', values: ['error'], broadcast: true, sourceIds: [] as string[] };
    expect(scopedWhere('', 'lucene', TRACES, scope({ filters: [level], sourceFields }))).toEqual({
      where: '',
      skipped: expect.stringContaining('no field SeverityText'),
    });
    expect(scopedWhere('', 'lucene', LOGS, scope({ filters: [level], sourceFields })).where).toBe(
      'SeverityText:"error"',
    );
  });

  it('says when the search-syntax filter cannot apply to a SQL where', () => {
    expect(scopedWhere('x = 1', 'sql', LOGS, scope({ query: 'ServiceName:checkout' }))).toEqual({
      where: 'x = 1',
      skipped: expect.stringContaining('SQL'),
    });
  });

  it('substitutes $variables with the chosen values', () => {
    const vars = scope({
      filters: [{ ...service, broadcast: false, variableName: 'svc', values: ['checkout', 'auth'] }],
    });
    expect(substituteVariables('ServiceName:$svc AND $other', vars, false)).toBe(
      'ServiceName:("checkout" OR "auth") AND $other',
    );
    expect(substituteVariables('ServiceName IN ($svc)', vars, true)).toBe("ServiceName IN ('checkout', 'auth')");
  });

  it('narrows the filter to one value for a drill-down, once', () => {
    expect(narrowQuery('', 'ServiceName', 'checkout')).toBe('ServiceName:"checkout"');
    expect(narrowQuery('SeverityText:error', 'ServiceName', 'checkout')).toBe(
      '(SeverityText:error) AND ServiceName:"checkout"',
    );
    expect(narrowQuery('ServiceName:"checkout"', 'ServiceName', 'checkout')).toBe('ServiceName:"checkout"');
  });
});
