import { DEFAULT_RETENTION_DAYS } from '../../pipes/history/retention';
import { processEnv, wholeNumberFromEnv, type Environment } from '../env-schema';

export {
  BUCKET_MS,
  DAY_MS,
  DEFAULT_RETENTION_DAYS,
  MAX_RETENTION_DAYS,
  RAW_HISTORY_MS,
} from '../../pipes/history/retention';

/** `METRICS_RETENTION_DAYS` (checked at start by env-check.ts); the default when unset. No `server-only`: the benchmark reads it. */
export function metricsRetentionDays(env: Environment = processEnv()): number {
  return wholeNumberFromEnv('METRICS_RETENTION_DAYS', DEFAULT_RETENTION_DAYS, env);
}
