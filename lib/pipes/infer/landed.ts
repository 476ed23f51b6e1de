/**
 * A source value as the destination table would hold it, for the wizard's preview: converted to
 * the column's type the way the database reads JSON and CSV input (ISO strings and epoch numbers
 * become date-times, a missing value becomes NULL or the type's default), or marked as one the
 * insert would refuse. Small and free of parsers, so the preview can render without the inference code.
 */
import type { SampleRecord } from './sample';

export type LandedKind = 'value' | 'null' | 'default' | 'invalid';

export interface Landed {
  text: string;
  kind: LandedKind;
}

/** The value at a dotted path (`user.name`), or at a key that itself holds dots. */
export function valueAt(record: SampleRecord, path: string): unknown {
  if (path in record) return record[path];
  let current: unknown = record;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as SampleRecord)[part];
  }
  return current;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `precision` digits after the seconds (0 for DateTime, 3 or 6 for DateTime64). */
function formatDateTime(ms: number, precision: number): string {
  const d = new Date(ms);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  if (precision === 0) return `${date} ${time}`;
  const fraction = pad(d.getUTCMilliseconds(), 3).padEnd(precision, '0').slice(0, precision);
  return `${date} ${time}.${fraction}`;
}

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Milliseconds since the epoch for an epoch number (seconds or milliseconds) or a date string. */
function epochMs(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : NaN;
  if (Number.isFinite(n)) return Math.abs(n) < 1e11 ? n * 1000 : n;
  if (typeof value !== 'string') return NaN;
  // A space between date and time, or no zone, reads as UTC as the database reads it.
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  return Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`);
}

/** `Nullable(X)` → X, `LowCardinality(X)` → X, and so on for one wrapper. */
function unwrap(type: string, wrapper: string): string | undefined {
  return type.startsWith(`${wrapper}(`) && type.endsWith(')') ? type.slice(wrapper.length + 1, -1) : undefined;
}

function defaultOf(type: string): string {
  if (/^U?Int\d+$|^Float\d+$|^Decimal/.test(type)) return '0';
  if (type === 'Bool') return 'false';
  if (type.startsWith('Date32') || type === 'Date') return '1970-01-01';
  if (type.startsWith('DateTime64')) return formatDateTime(0, Number(/\((\d+)/.exec(type)?.[1] ?? 3));
  if (type.startsWith('DateTime')) return formatDateTime(0, 0);
  if (type.startsWith('Array(')) return '[]';
  if (type.startsWith('Map(')) return '{}';
  if (type === 'UUID') return '00000000-0000-0000-0000-000000000000';
  return '';
}

const invalid = (value: unknown): Landed => ({
  text: typeof value === 'object' ? JSON.stringify(value) : String(value),
  kind: 'invalid',
});
const ok = (text: string): Landed => ({ text, kind: 'value' });

function landScalar(value: unknown, type: string): Landed {
  if (/^U?Int\d+$/.test(type)) {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    if (!INTEGER_TEXT.test(text) || (type.startsWith('U') && text.startsWith('-'))) return invalid(value);
    return ok(text);
  }
  if (/^Float\d+$|^Decimal/.test(type)) {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    return NUMBER_TEXT.test(text) ? ok(String(Number(text))) : invalid(value);
  }
  if (type === 'Bool') {
    if (value === true || value === 'true' || value === 1 || value === '1') return ok('true');
    if (value === false || value === 'false' || value === 0 || value === '0') return ok('false');
    return invalid(value);
  }
  if (type === 'Date' || type === 'Date32' || type.startsWith('DateTime')) {
    const ms = epochMs(value);
    if (!Number.isFinite(ms)) return invalid(value);
    if (type === 'Date' || type === 'Date32') return ok(formatDateTime(ms, 0).slice(0, 10));
    const precision = type.startsWith('DateTime64') ? Number(/\((\d+)/.exec(type)?.[1] ?? 3) : 0;
    return ok(formatDateTime(ms, precision));
  }
  if (type === 'UUID')
    return typeof value === 'string' && UUID_TEXT.test(value) ? ok(value.toLowerCase()) : invalid(value);
  return ok(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** `value` as a column of `type` would hold it. `fromText`: CSV, where an empty cell is a missing value. */
export function landed(value: unknown, type: string, fromText = false): Landed {
  const lowCardinality = unwrap(type, 'LowCardinality');
  if (lowCardinality) return landed(value, lowCardinality, fromText);
  const missing = value === null || value === undefined || (fromText && value === '');
  const nullable = unwrap(type, 'Nullable');
  if (nullable) return missing ? { text: 'NULL', kind: 'null' } : landed(value, nullable, fromText);
  if (missing) return { text: defaultOf(type), kind: 'default' };
  const array = unwrap(type, 'Array');
  if (array) {
    let items = value;
    if (typeof value === 'string' && value.trim().startsWith('[')) {
      try {
        items = JSON.parse(value);
      } catch {
        return invalid(value);
      }
    }
    if (!Array.isArray(items)) return invalid(value);
    const parts = items.map((item) => landed(item, array));
    const text = `[${parts.map((p, i) => (typeof items[i] === 'string' && p.kind === 'value' && !/^(U?Int|Float|Bool|Decimal)/.test(array) ? `'${p.text}'` : p.text)).join(', ')}]`;
    return { text, kind: parts.some((p) => p.kind === 'invalid') ? 'invalid' : 'value' };
  }
  return landScalar(value, type);
}
