/**
 * A small HCL writer: what the console writes as Terraform, laid out as `terraform fmt` lays it
 * out (two-space indent, `=` aligned within a run of one-line attributes), so a written file
 * passes `terraform fmt -check` and the same input gives the same bytes.
 */

/** An expression written as is (`var.kafka_password`, `jsonencode({...})`). */
export interface HclExpression {
  expression: string;
}

export type HclValue = string | number | boolean | null | HclExpression | HclValue[] | HclObject;
export interface HclObject {
  [key: string]: HclValue | undefined;
}

export interface HclBlock {
  type: string;
  labels: string[];
  /** In order; an undefined value is left out. */
  body: Array<[string, HclValue | undefined] | HclBlock>;
}

export const expr = (expression: string): HclExpression => ({ expression });
const isExpression = (value: unknown): value is HclExpression =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  typeof (value as HclExpression).expression === 'string';
const isBlock = (item: [string, HclValue | undefined] | HclBlock): item is HclBlock => !Array.isArray(item);

/** A string literal: HCL escapes quotes, backslashes, control characters and template openers. */
export function hclString(value: string): string {
  const escaped = value
    .replaceAll('\\', '\\\\')
    .replaceAll('"', '\\"')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\t', '\\t')
    .replaceAll('${', () => '$${')
    .replaceAll('%{', () => '%%{');
  return `"${escaped}"`;
}

/** An attribute or object key: bare when it is an identifier, quoted otherwise. */
export const hclKey = (key: string): string => (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : hclString(key));

/** A Terraform name label from any text: lowercase identifier characters, never starting with a digit. */
export function hclLabel(text: string, fallback = 'object'): string {
  const label = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_+/g, '_');
  const safe = label || fallback;
  return /^[0-9]/.test(safe) ? `${fallback}_${safe}` : safe;
}

function isSimple(value: HclValue): boolean {
  if (value === null || typeof value !== 'object' || isExpression(value)) return true;
  if (Array.isArray(value))
    return value.every((item) => item === null || typeof item !== 'object' || isExpression(item));
  // `{}` is one line, and `terraform fmt` aligns it with its neighbours.
  return Object.values(value).every((item) => item === undefined);
}

function scalar(value: HclValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return hclString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (isExpression(value)) return value.expression;
  if (Array.isArray(value)) return `[${value.map(scalar).join(', ')}]`;
  return '{}';
}

function value(v: HclValue, indent: string): string {
  if (isSimple(v)) return scalar(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) return `[\n${v.map((item) => `${inner}${value(item, inner)}`).join(',\n')},\n${indent}]`;
  const entries = Object.entries(v as HclObject).filter((entry): entry is [string, HclValue] => entry[1] !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${attributes(
    entries.map(([k, item]) => [hclKey(k), item]),
    inner,
  ).join('\n')}\n${indent}}`;
}

/** Attribute lines, `=` aligned across each run of one-line values (as `terraform fmt` does). */
function attributes(entries: Array<[string, HclValue]>, indent: string): string[] {
  const lines: string[] = [];
  let run: Array<[string, HclValue]> = [];
  const flush = () => {
    const width = Math.max(0, ...run.map(([key]) => key.length));
    for (const [key, item] of run) lines.push(`${indent}${key.padEnd(width)} = ${scalar(item)}`);
    run = [];
  };
  for (const entry of entries) {
    if (isSimple(entry[1])) {
      run.push(entry);
      continue;
    }
    flush();
    lines.push(`${indent}${entry[0]} = ${value(entry[1], indent)}`);
  }
  flush();
  return lines;
}

function block(b: HclBlock, indent: string): string {
  const header = `${indent}${b.type}${b.labels.map((label) => ` ${hclString(label)}`).join('')} {`;
  const inner = `${indent}  `;
  const parts: string[] = [];
  let pending: Array<[string, HclValue]> = [];
  const flush = () => {
    if (pending.length)
      parts.push(
        attributes(
          pending.map(([k, v]) => [hclKey(k), v]),
          inner,
        ).join('\n'),
      );
    pending = [];
  };
  for (const item of b.body) {
    if (isBlock(item)) {
      flush();
      parts.push(`\n${block(item, inner)}`);
    } else if (item[1] !== undefined) {
      pending.push(item as [string, HclValue]);
    }
  }
  flush();
  if (parts.length === 0) return `${header}\n${indent}}`;
  return `${header}\n${parts.join('\n').replace(/^\n/, '')}\n${indent}}`;
}

/** A file of top-level blocks, one blank line between them, a comment header and a final newline. */
export function renderHcl(blocks: HclBlock[], comment?: string[]): string {
  const head = comment?.length ? `${comment.map((line) => `# ${line}`.trimEnd()).join('\n')}\n\n` : '';
  return `${head}${blocks.map((b) => block(b, '')).join('\n\n')}\n`;
}

/** A label made unique by the object's id (its first 8 characters), for many objects of one kind in one folder. */
export function uniqueLabel(label: string, id: unknown, unique: boolean): string {
  return unique && typeof id === 'string' && id
    ? `${label}_${id
        .replace(/[^a-zA-Z0-9]/g, '')
        .slice(0, 8)
        .toLowerCase()}`
    : label;
}
