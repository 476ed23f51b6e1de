import 'server-only';

/** Versions kept per object (`HISTORY_KEEP`) and for how many days (`HISTORY_DAYS`); the newest is always kept. */
export const HISTORY_KEEP_DEFAULT = 100;
export const HISTORY_DAYS_DEFAULT = 365;

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  // The start-up check (env-check.ts) has refused a malformed value; a test may set one meanwhile.
  return raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : fallback;
}

export function historyRetention(): { keep: number; days: number } {
  return {
    keep: wholeNumber('HISTORY_KEEP', HISTORY_KEEP_DEFAULT),
    days: wholeNumber('HISTORY_DAYS', HISTORY_DAYS_DEFAULT),
  };
}
