/**
 * How long the console keeps pipe history, and in what detail: every scrape for a day, then
 * 5-minute buckets up to `METRICS_RETENTION_DAYS`, then nothing. No `server-only`: the
 * configuration check and the benchmark read it outside Next.
 */
export const RAW_HISTORY_MS = 24 * 3_600_000;
export const BUCKET_MS = 5 * 60_000;
export const DAY_MS = 24 * 3_600_000;
export const DEFAULT_RETENTION_DAYS = 14;
export const MAX_RETENTION_DAYS = 365;

/** `METRICS_RETENTION_DAYS` (checked at start by env-check.ts); the default when unset. */
export function metricsRetentionDays(raw = process.env.METRICS_RETENTION_DAYS): number {
  const value = Number(raw?.trim());
  return raw?.trim() && Number.isInteger(value) && value >= 1 && value <= MAX_RETENTION_DAYS ? value : DEFAULT_RETENTION_DAYS;
}
