/**
 * Number formats as upstream stores them (`numberFormat`, the README's upstream facts) and the
 * units the tile editor offers, both turned into one formatter so an axis, a tooltip, a table
 * cell and a number tile say the same thing.
 */
import { formatCompactNumber, formatNumber } from '@/lib/format/number';

export const NUMBER_FORMAT_OUTPUTS = [
  'currency',
  'percent',
  'byte',
  'time',
  'number',
  'data_rate',
  'throughput',
  'duration',
] as const;
export type NumberFormatOutput = (typeof NUMBER_FORMAT_OUTPUTS)[number];

export interface NumberFormat {
  output?: NumberFormatOutput | string;
  mantissa?: number;
  thousandSeparated?: boolean;
  average?: boolean;
  decimalBytes?: boolean;
  factor?: number;
  currencySymbol?: string;
  numericUnit?: string;
  unit?: string;
  [field: string]: unknown;
}

/** The units the editor offers, each stored as a number format the observability app reads too. */
export const UNIT_CHOICES = ['auto', 'count', 'ms', 's', 'bytes', 'percent', 'number'] as const;
export type UnitChoice = (typeof UNIT_CHOICES)[number];

export const UNIT_LABELS: Record<UnitChoice | 'custom', string> = {
  auto: 'Automatic',
  count: 'Count',
  ms: 'Duration (milliseconds)',
  s: 'Duration (seconds)',
  bytes: 'Bytes',
  percent: 'Percent (0–1 as %)',
  number: 'Number (2 decimals)',
  custom: 'As set in the observability app',
};

const UNIT_FORMATS: Record<Exclude<UnitChoice, 'auto'>, NumberFormat> = {
  count: { output: 'number', thousandSeparated: true, mantissa: 0 },
  ms: { output: 'time', factor: 0.001 },
  s: { output: 'time', factor: 1 },
  bytes: { output: 'byte', decimalBytes: false },
  percent: { output: 'percent', mantissa: 1 },
  number: { output: 'number', thousandSeparated: true, mantissa: 2 },
};

export function unitFormat(unit: UnitChoice): NumberFormat | undefined {
  return unit === 'auto' ? undefined : { ...UNIT_FORMATS[unit] };
}

/** The same text for the same fields in any order; any fixed order of the keys does. */
const canonicalJson = (format: NumberFormat) =>
  JSON.stringify(Object.entries(format).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The editor's unit for a stored format; `custom` when the format is one the editor does not offer. */
export function unitOfFormat(format: NumberFormat | undefined): UnitChoice | 'custom' {
  if (!format || Object.keys(format).length === 0) return 'auto';
  const json = canonicalJson(format);
  for (const [unit, candidate] of Object.entries(UNIT_FORMATS)) {
    if (canonicalJson(candidate) === json) return unit as UnitChoice;
  }
  return 'custom';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const fixed = (value: number, digits: number, separated = true) =>
  formatNumber(value, { maximumFractionDigits: digits, minimumFractionDigits: 0, useGrouping: separated });

const compact = (value: number) => formatCompactNumber(value, 1);

export function formatDurationMs(ms: number, digits = 2): string {
  const abs = Math.abs(ms);
  if (abs === 0) return '0';
  if (abs < 1) return `${fixed(ms * 1000, digits)} µs`;
  if (abs < 1000) return `${fixed(ms, digits)} ms`;
  if (abs < MINUTE) return `${fixed(ms / 1000, digits)} s`;
  if (abs < HOUR) return `${fixed(ms / MINUTE, digits)} min`;
  if (abs < DAY) return `${fixed(ms / HOUR, digits)} h`;
  return `${fixed(ms / DAY, digits)} d`;
}

const BYTE_UNITS = { binary: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], decimal: ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] };

function formatBytes(value: number, decimal: boolean, digits: number): string {
  const base = decimal ? 1000 : 1024;
  const units = decimal ? BYTE_UNITS.decimal : BYTE_UNITS.binary;
  let scaled = value;
  let unit = 0;
  while (Math.abs(scaled) >= base && unit < units.length - 1) {
    scaled /= base;
    unit += 1;
  }
  return `${fixed(scaled, unit === 0 ? 0 : digits)} ${units[unit]}`;
}

/** How values are inferred when a tile sets no format: counts whole, durations of `*duration*`/`*_ms` fields in ms. */
export type InferredUnit = 'count' | 'ms' | 'ratio' | 'plain';

export interface ValueFormatter {
  /** For axis ticks and legends: short (1.2k, 350 ms, 1.5 KiB, 12%). */
  short: (value: number | null | undefined) => string;
  /** For tooltips, tables and number tiles: every significant digit. */
  full: (value: number | null | undefined) => string;
  /** Whether values are whole numbers (the axis then uses whole ticks). */
  integer: boolean;
}

const DASH = '—';

/** The formatter for a stored format, or the inferred unit when there is none. */
export function valueFormatter(format: NumberFormat | undefined, inferred: InferredUnit = 'plain'): ValueFormatter {
  const wrap = (fn: (v: number, short: boolean) => string) => ({
    short: (v: number | null | undefined) =>
      v === null || v === undefined || !Number.isFinite(v) ? DASH : fn(v, true),
    full: (v: number | null | undefined) =>
      v === null || v === undefined || !Number.isFinite(v) ? DASH : fn(v, false),
  });
  if (!format || !format.output) {
    switch (inferred) {
      case 'ms':
        return { ...wrap((v, short) => formatDurationMs(v, short ? 1 : 2)), integer: false };
      case 'ratio':
        return { ...wrap((v) => `${fixed(v * 100, 1)}%`), integer: false };
      case 'count':
        return {
          ...wrap((v, short) => (short && Math.abs(v) >= 10_000 ? compact(v) : fixed(v, 2))),
          integer: true,
        };
      default:
        return {
          ...wrap((v, short) => (short && Math.abs(v) >= 10_000 ? compact(v) : fixed(v, 2))),
          integer: false,
        };
    }
  }
  const factor = typeof format.factor === 'number' && Number.isFinite(format.factor) ? format.factor : 1;
  const digits = typeof format.mantissa === 'number' && format.mantissa >= 0 ? Math.min(format.mantissa, 10) : 2;
  const separated = format.thousandSeparated !== false;
  const suffix = format.unit ? ` ${format.unit}` : '';
  switch (format.output) {
    case 'time':
    case 'duration':
      // `factor` converts the stored value to seconds (0.001: the values are milliseconds).
      return {
        ...wrap((v, short) => formatDurationMs(v * factor * 1000, short ? 1 : digits) + suffix),
        integer: false,
      };
    case 'byte':
      return {
        ...wrap((v, short) => formatBytes(v * factor, Boolean(format.decimalBytes), short ? 1 : digits) + suffix),
        integer: false,
      };
    case 'percent':
      return {
        ...wrap((v, short) => `${fixed(v * factor * 100, short ? Math.min(digits, 1) : digits, separated)}%${suffix}`),
        integer: false,
      };
    case 'currency': {
      const symbol = format.currencySymbol ?? '$';
      return {
        ...wrap(
          (v, short) =>
            `${symbol}${short && Math.abs(v * factor) >= 10_000 ? compact(v * factor) : fixed(v * factor, digits, separated)}${suffix}`,
        ),
        integer: false,
      };
    }
    case 'data_rate':
    case 'throughput': {
      const unit = format.unit ?? (format.output === 'throughput' ? '/s' : 'B/s');
      return {
        ...wrap(
          (v, short) =>
            `${short && Math.abs(v * factor) >= 10_000 ? compact(v * factor) : fixed(v * factor, digits, separated)} ${unit}`,
        ),
        integer: false,
      };
    }
    default:
      return {
        ...wrap(
          (v, short) =>
            `${(short || format.average) && Math.abs(v * factor) >= 10_000 ? compact(v * factor) : fixed(v * factor, digits, separated)}${suffix}`,
        ),
        integer: digits === 0,
      };
  }
}

/** Room a y axis needs for its longest label, so labels never wrap or get clipped. */
export function axisWidthPx(labels: readonly string[], charPx = 6.6, paddingPx = 12): number {
  const longest = labels.reduce((max, label) => Math.max(max, label.length), 1);
  return Math.min(120, Math.max(28, Math.ceil(longest * charPx + paddingPx)));
}
