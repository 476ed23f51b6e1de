/**
 * Text order as `a.localeCompare(b, 'en', { numeric })` sorts it, without ICU's collation start-up
 * (16–27 ms of main thread at a page's first compare in Chromium; four times that on a phone).
 * For ASCII text (names, tags, table cells) this is the order of ICU's root collation: whitespace,
 * then punctuation and symbols in their own order, digits, letters; case only breaks ties,
 * lowercase first; with `numeric`, a run of digits weighs as its number (leading zeros aside).
 * Text with any other character is compared by `Intl.Collator` itself, created on first need: its
 * order for accents and scripts is not worth rebuilding here.
 */

/** ICU root's ASCII order at the primary strength; characters of one group tie (a and A). */
const ROOT_ORDER = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  ' ',
  '_',
  '-',
  ',',
  ';',
  ':',
  '!',
  '?',
  '.',
  "'",
  '"',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '@',
  '*',
  '/',
  '\\',
  '&',
  '#',
  '%',
  '`',
  '^',
  '+',
  '<',
  '=',
  '>',
  '|',
  '~',
  '$',
  ...'0123456789',
  ...'abcdefghijklmnopqrstuvwxyz',
];

/** Primary weight per ASCII code; 0: ignorable (control characters); uppercase weighs as its lowercase. */
const PRIMARY = new Uint8Array(128);
ROOT_ORDER.forEach((char, index) => {
  PRIMARY[char.charCodeAt(0)] = index + 1;
  if (char >= 'a' && char <= 'z') PRIMARY[char.toUpperCase().charCodeAt(0)] = index + 1;
});
const DIGITS_WEIGHT = PRIMARY['0'.charCodeAt(0)]!;

/** One collation element: a character, or with `numeric` a whole run of digits (its value without leading zeros). */
interface Element {
  primary: number;
  digits?: string;
  upper: boolean;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

function elements(text: string, numeric: boolean): Element[] {
  const out: Element[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (numeric && isDigit(code)) {
      let end = i;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      out.push({ primary: DIGITS_WEIGHT, digits: text.slice(i, end).replace(/^0+(?=\d)/, ''), upper: false });
      i = end - 1;
      continue;
    }
    const primary = PRIMARY[code]!;
    if (primary) out.push({ primary, upper: code >= 65 && code <= 90 });
  }
  return out;
}

function comparePrimary(a: Element, b: Element): number {
  if (a.primary !== b.primary) return a.primary - b.primary;
  if (a.digits === undefined || b.digits === undefined) return 0;
  if (a.digits.length !== b.digits.length) return a.digits.length - b.digits.length;
  return a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0;
}

const NOT_ASCII = /[^\0-\x7f]/;
/** ICU splits longer runs of digits into numbers of 254 digits; names never hold such runs. */
const LONG_DIGIT_RUN = /\d{255}/;

const collators = new Map<boolean, Intl.Collator>();
function collator(numeric: boolean): Intl.Collator {
  let found = collators.get(numeric);
  if (!found) {
    found = new Intl.Collator('en', { numeric });
    collators.set(numeric, found);
  }
  return found;
}

/** Negative, zero or positive as `a.localeCompare(b, 'en', { numeric })`. */
export function compareText(a: string, b: string, { numeric = false }: { numeric?: boolean } = {}): number {
  if (a === b) return 0;
  if (NOT_ASCII.test(a) || NOT_ASCII.test(b) || (numeric && (LONG_DIGIT_RUN.test(a) || LONG_DIGIT_RUN.test(b))))
    return collator(numeric).compare(a, b);
  const x = elements(a, numeric);
  const y = elements(b, numeric);
  const shared = Math.min(x.length, y.length);
  for (let i = 0; i < shared; i++) {
    const order = comparePrimary(x[i]!, y[i]!);
    if (order) return Math.sign(order);
  }
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  for (let i = 0; i < shared; i++) {
    if (x[i]!.upper !== y[i]!.upper) return x[i]!.upper ? 1 : -1;
  }
  return 0;
}

/** Names as people sort them: "pipe 2" before "pipe 10"; `a.localeCompare(b, 'en', { numeric: true })`. */
export const compareNatural = (a: string, b: string): number => compareText(a, b, { numeric: true });
