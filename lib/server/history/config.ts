import 'server-only';
import { wholeNumberFromEnv } from '../env';

/** Versions kept per object (`HISTORY_KEEP`) and for how many days (`HISTORY_DAYS`); the newest is always kept. */
export const HISTORY_KEEP_DEFAULT = 100;
export const HISTORY_DAYS_DEFAULT = 365;

export function historyRetention(): { keep: number; days: number } {
  return {
    keep: wholeNumberFromEnv('HISTORY_KEEP', HISTORY_KEEP_DEFAULT),
    days: wholeNumberFromEnv('HISTORY_DAYS', HISTORY_DAYS_DEFAULT),
  };
}
