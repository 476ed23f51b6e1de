/**
 * What a source tells about its fields. The observability API lists no columns, but a source
 * names them in its expressions (`severityTextExpression: "SeverityText"`, the default select
 * list, materialized-view dimensions, highlighted attributes) and names its attribute maps
 * (`eventAttributesExpression: "LogAttributes"`), whose keys are any `Map.key`. A metric source is
 * read through the metric tables' fixed columns. A field outside all of these is one the source's
 * table does not have, as far as the API tells: a dashboard filter on it is not applied to tiles of
 * that source (their query would fail on the unknown name).
 */

export interface SourceFields {
  /** Column names, in the order the source names them (the editor's suggestions). */
  columns: readonly string[];
  /** Map columns: `Map.key` (search syntax) and `Map['key']` (SQL) are fields of the source. */
  maps: readonly string[];
}

/** The input: a source record as the API answers it (only its expression fields are read). */
export type SourceRecord = { id: string; kind?: string } & Record<string, unknown>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAP_EXPRESSIONS = ['eventAttributesExpression', 'resourceAttributesExpression'];
/** The columns every metric table of the OpenTelemetry collector has. */
const METRIC_COLUMNS = ['TimeUnix', 'MetricName', 'Value', 'ServiceName', 'MetricDescription', 'MetricUnit'];
const METRIC_MAPS = ['Attributes', 'ResourceAttributes', 'ScopeAttributes'];

/** Top-level commas only (`a, concat(b, c)` is two items). */
function splitList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of list) {
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The fields a source names, or null when it names none (the filter is then applied unchecked). */
export function sourceFields(source: SourceRecord): SourceFields | null {
  const columns = new Set<string>();
  const maps = new Set<string>();
  const addColumn = (expression: string) => {
    if (IDENTIFIER.test(expression)) columns.add(expression);
  };
  if (source.kind === 'metric') {
    METRIC_COLUMNS.forEach((c) => columns.add(c));
    METRIC_MAPS.forEach((m) => maps.add(m));
  }
  for (const [key, value] of Object.entries(source)) {
    const expression = text(value);
    if (!expression || !key.endsWith('Expression')) continue;
    if (MAP_EXPRESSIONS.includes(key)) {
      if (IDENTIFIER.test(expression)) maps.add(expression);
    } else {
      // A single expression or a list (the default select, the known columns): its plain names.
      splitList(expression).forEach(addColumn);
    }
  }
  for (const key of ['highlightedTraceAttributeExpressions', 'highlightedRowAttributeExpressions']) {
    const list = source[key];
    if (!Array.isArray(list)) continue;
    for (const item of list as { luceneExpression?: unknown; sqlExpression?: unknown }[]) {
      const lucene = text(item?.luceneExpression);
      if (lucene) columns.add(lucene);
      addColumn(text(item?.sqlExpression));
    }
  }
  const views = source.materializedViews;
  if (Array.isArray(views))
    for (const view of views as { dimensionColumns?: unknown }[])
      splitList(text(view?.dimensionColumns)).forEach(addColumn);
  for (const m of maps) columns.delete(m);
  if (columns.size === 0 && maps.size === 0) return null;
  return { columns: [...columns], maps: [...maps] };
}

/** Whether a field name (`SeverityText`, `LogAttributes.http.method`, `ResourceAttributes['host.name']`) is one the source names. */
export function hasField(fields: SourceFields, field: string): boolean {
  const name = field.trim();
  if (fields.columns.includes(name)) return true;
  const bracket = /^([A-Za-z_]\w*)\[/.exec(name);
  if (bracket) return fields.maps.includes(bracket[1]!) || fields.columns.includes(bracket[1]!);
  const dot = name.indexOf('.');
  if (dot > 0) {
    const head = name.slice(0, dot);
    // A map's key, or a path into a JSON or string column the source names.
    return fields.maps.includes(head) || fields.columns.includes(head);
  }
  return false;
}

/**
 * The field names a search-syntax (Lucene) query searches, in order, without duplicates:
 * `SeverityText:error AND -ServiceName:"a b"` → SeverityText, ServiceName. Quoted text and
 * escaped characters are skipped; bare words name no field.
 */
export function queryFields(query: string): string[] {
  const fields: string[] = [];
  let i = 0;
  let word = '';
  // After `field:` the value runs to the next space or parenthesis (it may hold a colon).
  let inValue = false;
  const flushWord = () => {
    word = '';
  };
  while (i < query.length) {
    const c = query[i]!;
    if (c === '\\') {
      word += query[i + 1] ?? '';
      i += 2;
      continue;
    }
    if (c === '"') {
      const close = query.indexOf('"', i + 1);
      i = close < 0 ? query.length : close + 1;
      flushWord();
      continue;
    }
    if (c === ':' && word && !inValue) {
      const field = word.replace(/^[-+!]+/, '');
      if (field && !fields.includes(field)) fields.push(field);
      flushWord();
      inValue = true;
      i++;
      continue;
    }
    if (/\s|[()]/.test(c)) {
      flushWord();
      inValue = false;
    } else {
      word += c;
    }
    i++;
  }
  return fields;
}

/** The first field of a search-syntax query that the source does not name, if any. */
export function missingField(query: string, fields: SourceFields | null | undefined): string | undefined {
  if (!fields) return undefined;
  return queryFields(query).find((field) => !hasField(fields, field));
}

/**
 * The field a failed query named that its table lacks, from the database's message as the
 * observability API passes it on ("Unknown expression identifier `X` …", older "Missing columns: 'X'").
 */
export function unknownFieldOf(message: string): string | undefined {
  const match =
    /Unknown expression identifier `([^`]+)`/.exec(message) ??
    /Missing columns: '([^']+)'/.exec(message) ??
    /Unknown identifier: ([\w.]+)/.exec(message);
  return match?.[1];
}
