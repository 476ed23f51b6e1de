import type { UpstreamName } from '../env';
import { processEnv, type Environment } from '../env-schema';

/** At most `limit` calls in any `windowMs`, per upstream key. */
export interface Budget {
  limit: number;
  windowMs: number;
}

/** The real services' budgets (../shared/design/upstream-facts.md). */
export const REAL_BUDGETS: Record<UpstreamName, Budget> = {
  cloud: { limit: 10, windowMs: 10_000 },
  observability: { limit: 100, windowMs: 60_000 },
  // The query host publishes no limit; every query is a billed read on the service, so the console
  // stays far below anything a person at the SQL console would send.
  query: { limit: 30, windowMs: 60_000 },
};

export const BUDGET_VARIABLE: Record<UpstreamName, string> = {
  cloud: 'CLOUD_API_BUDGET',
  observability: 'OBSERVABILITY_API_BUDGET',
  query: 'QUERY_API_BUDGET',
};

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * `10/10s`, `100/60s`, `100/1m` or `off` (no pacing: for an upstream with its own generous
 * budget). Throws a message naming the variable for anything else.
 */
export function parseBudget(variable: string, raw: string | undefined, fallback: Budget): Budget | null {
  const value = raw?.trim();
  if (!value) return fallback;
  if (value === 'off') return null;
  const match = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(value);
  const limit = match ? Number(match[1]) : 0;
  const windowMs = match ? Math.round(Number(match[2]) * (UNIT_MS[match[3] ?? ''] ?? 0)) : 0;
  if (!match || limit < 1 || windowMs < 1) {
    throw new Error(
      `${variable} must look like "10/10s" (requests per window; units ms, s, m, h) or "off", got "${value}"`,
    );
  }
  return { limit, windowMs };
}

export function budgetFor(name: UpstreamName, env: Environment = processEnv()): Budget | null {
  return parseBudget(BUDGET_VARIABLE[name], env[BUDGET_VARIABLE[name]], REAL_BUDGETS[name]);
}
