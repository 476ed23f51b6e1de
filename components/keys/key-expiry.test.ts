import { describe, expect, it } from 'vitest';
import { expiresInLabel, expiryStatus } from './key-expiry';

const now = Date.parse('2030-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(now + ms).toISOString();

describe('expiryStatus', () => {
  it.each([
    [null, 'never'],
    [undefined, 'never'],
    ['', 'never'],
    [at(-1), 'expired'],
    [at(0), 'expired'],
    [at(DAY / 2), 'soon'],
    [at(7 * DAY), 'soon'],
    [at(7 * DAY + 1), 'later'],
  ])('%s → %s', (value, kind) => {
    expect(expiryStatus(value, now).kind).toBe(kind);
  });

  it('counts whole days up', () => {
    expect(expiryStatus(at(DAY / 2), now)).toMatchObject({ kind: 'soon', days: 1 });
    expect(expiryStatus(at(2 * DAY + 1), now)).toMatchObject({ kind: 'soon', days: 3 });
  });
});

describe('expiresInLabel', () => {
  it('says day or days', () => {
    expect(expiresInLabel(1)).toBe('Expires in 1 day');
    expect(expiresInLabel(5)).toBe('Expires in 5 days');
  });
});
