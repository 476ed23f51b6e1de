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

const isDigit = (code: number) => code >= 48 && code <= 57;
const isUpper = (code: number) => code >= 65 && code <= 90;

/** The index of the first character from `i` on that weighs something (control characters do not). */
function skipIgnorable(text: string, i: number): number {
  while (i < text.length && PRIMARY[text.charCodeAt(i)] === 0) i++;
  return i;
}

/** The end of the run of digits starting at `i`. */
function digitsEnd(text: string, i: number): number {
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/**
 * ASCII text in one pass without allocating (a table tile sorts thousands of rows): primary weights
 * first, runs of digits by their value with `numeric`; the first difference of case decides only
 * when nothing else differs.
 */
function compareAscii(a: string, b: string, numeric: boolean): number {
  let i = 0;
  let j = 0;
  let caseOrder = 0;
  for (;;) {
    i = skipIgnorable(a, i);
    j = skipIgnorable(b, j);
    if (i >= a.length || j >= b.length) break;
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (numeric && isDigit(x) && isDigit(y)) {
      const xEnd = digitsEnd(a, i);
      const yEnd = digitsEnd(b, j);
      // Leading zeros weigh nothing: "007" is 7 (a lone "0" stays).
      while (i < xEnd - 1 && a.charCodeAt(i) === 48) i++;
      while (j < yEnd - 1 && b.charCodeAt(j) === 48) j++;
      if (xEnd - i !== yEnd - j) return xEnd - i < yEnd - j ? -1 : 1;
      for (; i < xEnd; i++, j++) {
        const order = a.charCodeAt(i) - b.charCodeAt(j);
        if (order) return order < 0 ? -1 : 1;
      }
      continue;
    }
    const px = numeric && isDigit(x) ? DIGITS_WEIGHT : PRIMARY[x]!;
    const py = numeric && isDigit(y) ? DIGITS_WEIGHT : PRIMARY[y]!;
    if (px !== py) return px < py ? -1 : 1;
    if (!caseOrder && isUpper(x) !== isUpper(y)) caseOrder = isUpper(x) ? 1 : -1;
    i++;
    j++;
  }
  if (i < a.length) return 1;
  if (j < b.length) return -1;
  return caseOrder;
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
  return compareAscii(a, b, numeric);
}

/** Names as people sort them: "pipe 2" before "pipe 10"; `a.localeCompare(b, 'en', { numeric: true })`. */
export const compareNatural = (a: string, b: string): number => compareText(a, b, { numeric: true });
