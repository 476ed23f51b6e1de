/**
 * What the dashboard applies to every tile's query: its filter in search syntax (upstream's
 * `savedQuery`, Lucene) and the values chosen in its drop-down filters — broadcast as
 * `field:"value"` (or `field IN ('value')` for a SQL where) to the tiles of their sources, and
 * substituted for `$variableName` in tile queries (the README's upstream facts).
 */

import { hasField, missingField, type SourceFields } from './source-fields';

export interface ScopeFilter {
  expression: string;
  values: readonly string[];
  /** Applied as a condition to tiles (upstream's default); otherwise only a variable. */
  broadcast: boolean;
  /** Only tiles of these sources get the condition; empty: every tile. */
  sourceIds: readonly string[];
  variableName?: string;
}

export interface DashboardScope {
  query: string;
  filters: readonly ScopeFilter[];
  /** Per source id, the fields the source names (source-fields.ts); a filter is applied only where they allow. */
  sourceFields?: ReadonlyMap<string, SourceFields | null>;
}

export const EMPTY_SCOPE: DashboardScope = { query: '', filters: [] };

const luceneValue = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
const sqlValue = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** A field name in search syntax: spaces and specials escaped. */
const luceneField = (field: string) => field.replace(/([\s():"\\])/g, '\\$1');

function condition(filter: ScopeFilter, sql: boolean): string {
  if (sql) return `${filter.expression} IN (${filter.values.map(sqlValue).join(', ')})`;
  const terms = filter.values.map((v) => `${luceneField(filter.expression)}:${luceneValue(v)}`);
  return terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`;
}

const VARIABLE = /\$([a-zA-Z][a-zA-Z0-9_]*)/g;

/** `$name` replaced by the chosen value(s), quoted for the where's language; unknown names stay as written. */
export function substituteVariables(where: string, scope: DashboardScope, sql: boolean): string {
  if (!where.includes('$')) return where;
  const values = new Map<string, readonly string[]>();
  for (const filter of scope.filters)
    if (filter.variableName && filter.values.length > 0) values.set(filter.variableName, filter.values);
  return where.replace(VARIABLE, (whole, name: string) => {
    const chosen = values.get(name);
    if (!chosen) return whole;
    if (sql) return chosen.map(sqlValue).join(', ');
    return chosen.length === 1 ? luceneValue(chosen[0]!) : `(${chosen.map(luceneValue).join(' OR ')})`;
  });
}

export interface ScopedWhere {
  where: string;
  /** Set when the dashboard filter could not apply (a SQL where cannot take search syntax, a field the source lacks). */
  skipped?: string;
}

/** A tile query's where with the dashboard's scope applied. */
export function scopedWhere(
  where: string,
  whereLanguage: string | undefined,
  sourceId: string | undefined,
  scope: DashboardScope,
): ScopedWhere {
  const sql = whereLanguage === 'sql';
  const parts = [substituteVariables(where, scope, sql).trim()];
  const skipped: string[] = [];
  const fields = sourceId ? scope.sourceFields?.get(sourceId) : undefined;
  const query = scope.query.trim();
  if (query) {
    const missing = sql ? undefined : missingField(query, fields);
    if (sql)
      skipped.push('The dashboard filter is in search syntax and this tile queries in SQL, so it is not applied here.');
    else if (missing) skipped.push(`This tile's source has no field ${missing}; the filter is not applied here.`);
    else parts.push(query);
  }
  for (const filter of scope.filters) {
    if (!filter.broadcast || filter.values.length === 0) continue;
    if (filter.sourceIds.length > 0 && (!sourceId || !filter.sourceIds.includes(sourceId))) continue;
    // A drop-down without its own source reaches every tile: only those whose source has its field.
    if (filter.sourceIds.length === 0 && fields && !hasField(fields, filter.expression)) {
      skipped.push(
        `This tile's source has no field ${filter.expression}; the drop-down filter on it is not applied here.`,
      );
      continue;
    }
    parts.push(condition(filter, sql));
  }
  const present = parts.filter(Boolean);
  const joined = present.length <= 1 ? (present[0] ?? '') : present.map((p) => `(${p})`).join(' AND ');
  return skipped.length > 0 ? { where: joined, skipped: skipped.join(' ') } : { where: joined };
}

/**
 * Whether the source fields can change what this scope adds to a tile's query: a filter or a
 * drop-down value is left out of tiles whose source lacks its field (see scopedWhere).
 */
export function scopeChecksFields(scope: DashboardScope): boolean {
  return scope.query.trim() !== '' || scope.filters.some((f) => f.broadcast && f.values.length > 0);
}

/** A scope's identity for cache keys and memo comparisons. */
export function scopeKey(scope: DashboardScope): string {
  return JSON.stringify(scope, (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value));
}

/** A drill-down: the dashboard filter narrowed to one value of a field (`field:"value"`). */
export function narrowQuery(query: string, field: string, value: string): string {
  const term = `${luceneField(field)}:${luceneValue(value)}`;
  const current = query.trim();
  if (!current) return term;
  if (current.includes(term)) return current;
  return `(${current}) AND ${term}`;
}
