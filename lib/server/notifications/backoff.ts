/**
 * When a failed delivery is tried again: 5 s, then doubling (10 s, 20 s, …) up to an hour between
 * tries, with a little jitter so a receiver that comes back is not hit by every delivery at once;
 * given up a day after it was queued.
 */
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_GAP_MS = 3_600_000;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** The wait after attempt number `attempt` (1 for the first) failed. `random` is in [0, 1). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_GAP_MS);
  return Math.round(base * (0.8 + 0.2 * random()));
}

/** Whether a delivery queued at `createdAt` is still worth another try at `retryAt`. */
export function stillRetrying(createdAt: number, retryAt: number): boolean {
  return retryAt - createdAt < GIVE_UP_AFTER_MS;
}
