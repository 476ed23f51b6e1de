import { parseTimestamp } from '@/components/format/time';

/** Keys expiring within this many days are flagged. */
export const EXPIRY_WARNING_DAYS = 7;

const DAY = 24 * 60 * 60 * 1000;

export type ExpiryStatus =
  | { kind: 'never' }
  | { kind: 'expired'; at: number }
  | { kind: 'soon'; at: number; days: number }
  | { kind: 'later'; at: number };

/** Null, empty or unparseable `expireAt` means the key never expires (as the API defines it). */
export function expiryStatus(expireAt: string | null | undefined, now: number): ExpiryStatus {
  const at = parseTimestamp(expireAt);
  if (at === undefined) return { kind: 'never' };
  if (at <= now) return { kind: 'expired', at };
  const days = Math.max(1, Math.ceil((at - now) / DAY));
  if (at - now <= EXPIRY_WARNING_DAYS * DAY) return { kind: 'soon', at, days };
  return { kind: 'later', at };
}

export function expiresInLabel(days: number): string {
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}
