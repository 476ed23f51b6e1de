import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS } from '../../pipes/history/retention';

export {
  BUCKET_MS,
  DAY_MS,
  DEFAULT_RETENTION_DAYS,
  MAX_RETENTION_DAYS,
  RAW_HISTORY_MS,
} from '../../pipes/history/retention';

/** `METRICS_RETENTION_DAYS` (checked at start by env-check.ts); the default when unset. No `server-only`: the benchmark reads it. */
export function metricsRetentionDays(raw = process.env.METRICS_RETENTION_DAYS): number {
  const value = Number(raw?.trim());
  return raw?.trim() && Number.isInteger(value) && value >= 1 && value <= MAX_RETENTION_DAYS
    ? value
    : DEFAULT_RETENTION_DAYS;
}
