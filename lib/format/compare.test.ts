import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/test/support/seeded-random';
import { compareNatural, compareText } from './compare';

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
/** Names and tags: mostly letters and digits, some separators, the odd control character. */
const NAME_LIKE = 'aAbBzZ0123456789009 -_.:/';

function sampleStrings(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const pick = (alphabet: string) => alphabet[Math.floor(random() * alphabet.length)]!;
  const strings = ['', 'a', 'A', '0', '00', '01', '1', '10', '9', 'a\u0001', '\t', 'pipe 2', 'pipe 10', 'Pipe 2'];
  for (let i = 0; i < count; i++) {
    const alphabet = i % 3 === 0 ? PRINTABLE + '\t\n\r\u0001\u007f' : NAME_LIKE;
    let text = '';
    const length = Math.floor(random() * 7);
    for (let j = 0; j < length; j++) text += pick(alphabet);
    strings.push(text);
  }
  return strings;
}

/** Pairs where the sign differs from localeCompare's. */
function disagreements(strings: string[], numeric: boolean) {
  const wrong: Array<[string, string, number, number]> = [];
  const collator = new Intl.Collator('en', { numeric });
  for (let i = 0; i < strings.length; i++) {
    for (let j = i + 1; j < strings.length && j < i + 60; j++) {
      const [a, b] = [strings[i]!, strings[j]!];
      const ours = Math.sign(compareText(a, b, { numeric }));
      const theirs = Math.sign(collator.compare(a, b));
      if (ours !== theirs) wrong.push([a, b, ours, theirs]);
    }
  }
  return wrong;
}

describe('text order as localeCompare (en) sorts it, without ICU', () => {
  const strings = sampleStrings(1500, 26);

  it.each([true, false])('numeric: %s', (numeric) => {
    expect(disagreements(strings, numeric)).toEqual([]);
    const sorted = [...strings].sort((a, b) => compareText(a, b, { numeric }));
    const byIntl = [...strings].sort(new Intl.Collator('en', { numeric }).compare);
    expect(sorted).toEqual(byIntl);
  });

  it('sorts names as people do, and leaves other scripts to Intl', () => {
    expect(['pipe 10', 'Pipe 2', 'pipe 2', 'pipe-1', 'pipe1'].sort(compareNatural)).toEqual([
      'pipe 2',
      'Pipe 2',
      'pipe 10',
      'pipe-1',
      'pipe1',
    ]);
    expect(compareNatural('a01', 'a1')).toBe(0);
    expect(['zebra', 'éclair', 'Eclair', 'eclair'].sort(compareNatural)).toEqual([
      'eclair',
      'Eclair',
      'éclair',
      'zebra',
    ]);
  });
});
