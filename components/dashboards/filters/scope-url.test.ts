import { describe, expect, it } from 'vitest';
import {
  defaultsOf,
  parseSavedCondition,
  parseScopeParams,
  resolveScope,
  savedCondition,
  writeScopeParams,
} from './scope-url';

const SRC = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const service = { id: 'f1', type: 'QUERY_EXPRESSION', name: 'Service', expression: 'ServiceName', sourceId: SRC };
const env = {
  id: 'f2',
  type: 'QUERY_EXPRESSION',
  name: 'Env name',
  expression: 'env',
  sourceId: SRC,
  isBroadcastEnabled: false,
  isVariableEnabled: true,
};

describe('dashboard scope in the URL', () => {
  it('reads and writes the filter and chosen values, keeping other parameters', () => {
    const params = parseScopeParams(new URLSearchParams('range=1h&q=level%3Aerror&f.f1=checkout&f.f1=auth&f.f2='));
    expect(params).toEqual({ query: 'level:error', values: { f1: ['checkout', 'auth'], f2: [] } });
    expect(writeScopeParams(new URLSearchParams('range=1h&q=old&f.f9=x'), params).toString()).toBe(
      'range=1h&q=level%3Aerror&f.f1=checkout&f.f1=auth&f.f2=',
    );
    expect(parseScopeParams(new URLSearchParams('range=1h'))).toEqual({ query: null, values: {} });
  });

  it('round-trips saved filter values as upstream stores them', () => {
    const condition = savedCondition('ServiceName', ["o'k", 'a, b']);
    expect(condition).toBe("ServiceName IN ('o''k', 'a, b')");
    expect(parseSavedCondition(condition, 'ServiceName')).toEqual(["o'k", 'a, b']);
    expect(parseSavedCondition('ServiceName = 1', 'ServiceName')).toBeNull();
  });

  it('applies the saved defaults unless the URL says otherwise, and knows when the view is the default', () => {
    const dashboard = {
      filters: [service, env],
      savedQuery: 'level:error',
      savedFilterValues: [{ condition: "ServiceName IN ('checkout')" }],
    };
    const byDefault = resolveScope(dashboard, { query: null, values: {} });
    expect(byDefault.isDefault).toBe(true);
    expect(byDefault.scope).toEqual({
      query: 'level:error',
      filters: [
        { expression: 'ServiceName', values: ['checkout'], broadcast: true, sourceIds: [] },
        { expression: 'env', values: [], broadcast: false, sourceIds: [], variableName: 'Env_name' },
      ],
    });
    const changed = resolveScope(dashboard, { query: '', values: { f2: ['prod'] } });
    expect(changed.isDefault).toBe(false);
    expect(defaultsOf([service, env], changed)).toEqual({
      savedQuery: null,
      savedQueryLanguage: null,
      savedFilterValues: [
        { type: 'sql', condition: "ServiceName IN ('checkout')" },
        { type: 'sql', condition: "env IN ('prod')" },
      ],
    });
  });
});
