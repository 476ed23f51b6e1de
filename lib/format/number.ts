/**
 * Numbers as `Intl.NumberFormat('en', …)` writes them, without ICU: the first Intl.NumberFormat of
 * a page costs 14–40 ms of main thread in Chromium (ICU's start-up), four times that on
 * Lighthouse's phone, while this costs what a string split does. Text is identical to Intl's for
 * the options below, for every double (the unit tests compare both over all magnitudes).
 *
 * Intl rounds the shortest decimal form of a double half away from zero (1.005 → "1.01", where
 * `toFixed` gives "1.00"), so the rounding here works on the digits `toExponential()` gives.
 */

export interface NumberOptions {
  /** Intl's default: 3, or `minimumFractionDigits` when that is larger. */
  maximumFractionDigits?: number;
  /** Intl's default: 0. */
  minimumFractionDigits?: number;
  /** Thousands separators (Intl's default: on). */
  useGrouping?: boolean;
}

/** A decimal as digits without leading or trailing zeros (bar a lone "0") and where its point goes. */
interface Decimal {
  /** "12345" for 123.45 */
  digits: string;
  /** Digits before the point: 3 for 123.45, 0 for 0.5, -1 for 0.05. */
  point: number;
}

/** The shortest decimal that reads back as `abs` (a finite, non-negative double). */
function shortestDecimal(abs: number): Decimal {
  const [mantissa, exponent] = abs.toExponential().split('e');
  return { digits: mantissa!.replace('.', ''), point: Number(exponent) + 1 };
}

/** Rounded half away from zero to `fractionDigits` places. */
function roundDecimal({ digits, point }: Decimal, fractionDigits: number): Decimal {
  const keep = point + fractionDigits;
  if (keep >= digits.length) return { digits, point };
  if (keep < 0 || (keep === 0 && digits[0]! < '5')) return { digits: '0', point: 1 };
  const kept = digits.slice(0, keep);
  if (digits[keep]! < '5') return { digits: kept, point };
  // Add one to the last kept digit, carrying through nines.
  let i = kept.length - 1;
  while (i >= 0 && kept[i] === '9') i--;
  if (i < 0) return { digits: '1', point: point + 1 };
  return { digits: kept.slice(0, i) + String(Number(kept[i]) + 1), point };
}

const isZero = (d: Decimal) => /^0*$/.test(d.digits);

/** Thousands separators once the integer part has `fromDigits` digits. */
function group(integer: string, fromDigits: number): string {
  if (integer.length < fromDigits) return integer;
  const head = integer.length % 3 || 3;
  let out = integer.slice(0, head);
  for (let i = head; i < integer.length; i += 3) out += ',' + integer.slice(i, i + 3);
  return out;
}

function writeDecimal(
  { digits, point }: Decimal,
  minimumFractionDigits: number,
  /** Integer digits from which separators appear; false: never. */
  groupFrom: number | false,
  negative: boolean,
): string {
  let integer: string;
  let fraction: string;
  if (point <= 0) {
    integer = '0';
    fraction = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    integer = digits + '0'.repeat(point - digits.length);
    fraction = '';
  } else {
    integer = digits.slice(0, point);
    fraction = digits.slice(point);
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minimumFractionDigits) fraction = fraction.padEnd(minimumFractionDigits, '0');
  const text = (groupFrom === false ? integer : group(integer, groupFrom)) + (fraction ? '.' + fraction : '');
  return negative ? '-' + text : text;
}

function special(value: number): string | undefined {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '∞';
  if (value === -Infinity) return '-∞';
  return undefined;
}

/** As `new Intl.NumberFormat('en', options).format(value)`. */
export function formatNumber(value: number, options: NumberOptions = {}): string {
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = Math.max(options.maximumFractionDigits ?? 3, minimum);
  const text = special(value);
  if (text !== undefined) return text;
  const negative = value < 0 || Object.is(value, -0);
  const rounded = roundDecimal(shortestDecimal(Math.abs(value)), maximum);
  return writeDecimal(rounded, minimum, options.useGrouping === false ? false : 4, negative);
}

/** The largest unit 'en' has: larger values stay in T ("1000T", "1,000,000T"). */
const COMPACT_UNITS: ReadonlyArray<readonly [exponent: number, suffix: string]> = [
  [12, 'T'],
  [9, 'B'],
  [6, 'M'],
  [3, 'K'],
];

function compactExponent(magnitude: number): number {
  return COMPACT_UNITS.find(([exponent]) => magnitude >= exponent)?.[0] ?? 0;
}

/**
 * As `new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits })`: "999.9K",
 * "1M" for 999,950 (ICU picks the unit again when rounding carries into the next power of ten),
 * and separators only from five integer digits on ("1000T", "12,345T"), as compact 'en' does.
 */
export function formatCompactNumber(value: number, maximumFractionDigits = 1): string {
  const text = special(value);
  if (text !== undefined) return text;
  const negative = value < 0 || Object.is(value, -0);
  const decimal = shortestDecimal(Math.abs(value));
  if (isZero(decimal)) return writeDecimal(decimal, 0, 5, negative);
  const magnitude = decimal.point - 1;
  let exponent = compactExponent(magnitude);
  let rounded = roundDecimal({ digits: decimal.digits, point: decimal.point - exponent }, maximumFractionDigits);
  if (!isZero(rounded) && rounded.point + exponent - 1 !== magnitude) {
    const next = compactExponent(magnitude + 1);
    if (next !== exponent) {
      rounded = roundDecimal({ digits: rounded.digits, point: rounded.point + exponent - next }, maximumFractionDigits);
      exponent = next;
    }
  }
  const suffix = COMPACT_UNITS.find(([e]) => e === exponent)?.[1] ?? '';
  return writeDecimal(rounded, 0, 5, negative) + suffix;
}
