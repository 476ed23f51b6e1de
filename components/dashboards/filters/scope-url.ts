import type { DashboardScope, ScopeFilter } from '@/lib/charts/dashboard-scope';
import type { DashboardFilter } from '@/lib/schemas/observability/dashboard';

/**
 * The dashboard's filter and drop-down values in the URL, so a link reproduces the view:
 *   q=<search syntax>        the dashboard filter ("q=" with nothing: explicitly none)
 *   f.<filterId>=<value>     a chosen value of a drop-down filter (repeated for several)
 * Without them the dashboard's saved defaults apply (upstream's `savedQuery` and
 * `savedFilterValues`).
 */

export const QUERY_PARAM = 'q';
const FILTER_PREFIX = 'f.';

export interface ScopeParams {
  /** null: the URL says nothing, the saved default applies. */
  query: string | null;
  /** Chosen values per filter id; a filter absent here takes its saved default. */
  values: Readonly<Record<string, readonly string[]>>;
}

export function parseScopeParams(params: URLSearchParams): ScopeParams {
  const values: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const id = key.slice(FILTER_PREFIX.length);
    // `f.<id>=` with no value: explicitly "any value".
    values[id] = [...(values[id] ?? []), ...(value === '' ? [] : [value])];
  }
  return { query: params.get(QUERY_PARAM), values };
}

/** `params` with the scope's parameters replaced; every other parameter kept. */
export function writeScopeParams(params: URLSearchParams, scope: ScopeParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (key !== QUERY_PARAM && !key.startsWith(FILTER_PREFIX)) next.append(key, value);
  if (scope.query !== null) next.set(QUERY_PARAM, scope.query);
  for (const [id, values] of Object.entries(scope.values)) {
    if (values.length === 0) next.append(`${FILTER_PREFIX}${id}`, '');
    for (const value of values) next.append(`${FILTER_PREFIX}${id}`, value);
  }
  return next;
}

const sqlQuote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A filter's saved default as upstream stores it: `expression IN ('a', 'b')`. */
export function savedCondition(expression: string, values: readonly string[]): string {
  return `${expression} IN (${values.map(sqlQuote).join(', ')})`;
}

/** The values of a saved `expression IN (...)` condition, or null when it is another condition. */
export function parseSavedCondition(condition: string, expression: string): string[] | null {
  const prefix = `${expression} IN (`;
  const text = condition.trim();
  if (!text.startsWith(prefix) || !text.endsWith(')')) return null;
  const list = text.slice(prefix.length, -1);
  const values: string[] = [];
  const pattern = /\s*'((?:[^']|'')*)'\s*(,|$)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(list)) !== null && match[0] !== '') {
    values.push(match[1]!.replace(/''/g, "'"));
    consumed = pattern.lastIndex;
    if (match[2] === '') break;
  }
  return consumed === list.length ? values : null;
}

export interface DashboardScopeSource {
  filters?: readonly DashboardFilter[];
  savedQuery?: string | null;
  savedFilterValues?: readonly { condition: string }[];
}

export function savedValues(dashboard: DashboardScopeSource): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const filter of dashboard.filters ?? []) {
    if (!filter.id) continue;
    for (const saved of dashboard.savedFilterValues ?? []) {
      const parsed = parseSavedCondition(saved.condition, filter.expression);
      if (parsed) {
        values[filter.id] = parsed;
        break;
      }
    }
  }
  return values;
}

export interface ResolvedScope {
  scope: DashboardScope;
  query: string;
  values: Record<string, readonly string[]>;
  /** The view equals what the dashboard saves as its default. */
  isDefault: boolean;
}

/** The URL's choices over the dashboard's saved defaults, as the scope every tile query gets. */
export function resolveScope(dashboard: DashboardScopeSource, params: ScopeParams): ResolvedScope {
  const defaults = savedValues(dashboard);
  const query = params.query ?? dashboard.savedQuery ?? '';
  const values: Record<string, readonly string[]> = { ...defaults, ...params.values };
  const filters: ScopeFilter[] = (dashboard.filters ?? []).map((filter) => ({
    expression: filter.expression,
    values: (filter.id && values[filter.id]) || [],
    broadcast: filter.isBroadcastEnabled !== false,
    sourceIds: Array.isArray(filter.appliesToSourceIds) ? (filter.appliesToSourceIds as string[]) : [],
    ...(filter.isVariableEnabled === true
      ? { variableName: filter.variableName ?? derivedVariableName(filter.name) }
      : {}),
  }));
  const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
    JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  const isDefault =
    query === (dashboard.savedQuery ?? '') &&
    (dashboard.filters ?? []).every((filter) => !filter.id || same(values[filter.id], defaults[filter.id]));
  return { scope: { query, filters }, query, values, isDefault };
}

/** Upstream's default variable name: the display name, spaces as underscores, other illegal characters removed. */
export function derivedVariableName(name: string): string | undefined {
  const candidate = name
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^a-zA-Z0-9_]/g, '')
    .replace(/^[^a-zA-Z]+/, '')
    .slice(0, 64);
  return candidate || undefined;
}

/** What "Save as default" writes: the query, its language and each chosen filter's condition. */
export function defaultsOf(
  filters: readonly DashboardFilter[],
  resolved: ResolvedScope,
): {
  savedQuery: string | null;
  savedQueryLanguage: 'lucene' | null;
  savedFilterValues: { type: 'sql'; condition: string }[];
} {
  const query = resolved.query.trim();
  return {
    savedQuery: query || null,
    savedQueryLanguage: query ? 'lucene' : null,
    savedFilterValues: filters.flatMap((filter) => {
      const chosen = filter.id ? resolved.values[filter.id] : undefined;
      return chosen && chosen.length > 0
        ? [{ type: 'sql' as const, condition: savedCondition(filter.expression, chosen) }]
        : [];
    }),
  };
}
