import { createHash } from 'node:crypto';

/**
 * `EMULATOR_BUDGETS=real`: each surface limits every API key as the real services do (cloud about
 * 10 requests per 10 s, observability 100 per minute), in fixed windows, answering 429 with
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds), so the console's
 * pacing is tested against what production answers.
 */
export type SurfaceName = 'cloud' | 'observability';

export interface SurfaceBudget {
  limit: number;
  windowMs: number;
}

export const REAL_SURFACE_BUDGETS: Record<SurfaceName, SurfaceBudget> = {
  cloud: { limit: 10, windowMs: 10_000 },
  observability: { limit: 100, windowMs: 60_000 },
};

export type BudgetVerdict = { allowed: true } | { allowed: false; limit: number; resetSeconds: number };

export class BudgetEnforcer {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly budgets: Record<SurfaceName, SurfaceBudget>) {}

  /** Counts one request of this key (the raw Authorization header; unauthenticated ones share one). */
  take(surface: SurfaceName, authorization: string | undefined, now = Date.now()): BudgetVerdict {
    const budget = this.budgets[surface];
    const key = `${surface}:${createHash('sha256')
      .update(authorization ?? '')
      .digest('hex')}`;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= budget.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count < budget.limit) {
      window.count += 1;
      return { allowed: true };
    }
    return {
      allowed: false,
      limit: budget.limit,
      resetSeconds: Math.max(1, Math.ceil((window.startedAt + budget.windowMs - now) / 1000)),
    };
  }

  reset(): void {
    this.windows.clear();
  }
}

/** `real` turns the budgets on; empty or `off` leaves them off. Throws naming the variable otherwise. */
export function budgetsFromEnv(raw: string | undefined): Record<SurfaceName, SurfaceBudget> | undefined {
  const value = raw?.trim();
  if (!value || value === 'off') return undefined;
  if (value === 'real') return REAL_SURFACE_BUDGETS;
  throw new Error(`EMULATOR_BUDGETS must be "real" or "off", got "${value}"`);
}
