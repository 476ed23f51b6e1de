import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { ApiRequestError } from './client';

/** The BFF's code for "the upstream budget, shared by everyone using this console, had no room in time". */
export const BUDGET_EXHAUSTED = 'UPSTREAM_BUDGET_EXHAUSTED';

/** A read waiting to be asked again after the BFF said the shared upstream budget was used up. */
export interface BudgetWait {
  queryHash: string;
  /** The BFF's sentence without its "retrying in N s", which the page counts down itself. */
  reason: string;
  /** When the browser asks again (epoch ms). */
  retryAt: number;
}

type Listener = () => void;

/**
 * Follows the query cache: a read that failed for the budget and will be retried is a wait until
 * it succeeds, fails for good or goes away. The page shows the waits (the skeleton alone would say
 * nothing for the seconds a retry takes).
 */
export class BudgetWaits {
  private readonly waits = new Map<string, BudgetWait>();
  private current: readonly BudgetWait[] = [];
  private readonly listeners = new Set<Listener>();

  observe(event: QueryCacheNotifyEvent, now: number): void {
    const hash = event.query.queryHash;
    if (event.type === 'removed') return this.drop(hash);
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'failed') {
      const error = action.error;
      if (!(error instanceof ApiRequestError) || error.code !== BUDGET_EXHAUSTED) return this.drop(hash);
      const wait = {
        queryHash: hash,
        reason: withoutCountdown(error.message),
        retryAt: now + Math.max(1, error.retryAfter ?? 1) * 1000,
      };
      this.waits.set(hash, wait);
      this.publish();
    } else if (action.type === 'success' || action.type === 'error' || action.type === 'setState') {
      this.drop(hash);
    }
  }

  readonly snapshot = (): readonly BudgetWait[] => this.current;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private drop(hash: string): void {
    if (this.waits.delete(hash)) this.publish();
  }

  private publish(): void {
    this.current = [...this.waits.values()];
    for (const listener of this.listeners) listener();
  }
}

function withoutCountdown(message: string): string {
  return message.replace(/;?\s*retrying in \d+ s\.?$/, '');
}

/** One line per distinct budget, with the longest wait for it. */
export function summarizeWaits(
  waits: readonly BudgetWait[],
  now: number,
): { reason: string; seconds: number; reads: number }[] {
  const byReason = new Map<string, { reason: string; seconds: number; reads: number }>();
  for (const wait of waits) {
    const seconds = Math.max(0, Math.ceil((wait.retryAt - now) / 1000));
    const line = byReason.get(wait.reason);
    if (line) {
      line.seconds = Math.max(line.seconds, seconds);
      line.reads += 1;
    } else byReason.set(wait.reason, { reason: wait.reason, seconds, reads: 1 });
  }
  return [...byReason.values()];
}
