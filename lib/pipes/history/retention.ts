/**
 * How long the console keeps pipe history, and in what detail: every scrape for a day, then
 * 5-minute buckets up to `METRICS_RETENTION_DAYS`, then nothing. Shared by the server, the
 * configuration check and the pipe page's range picker.
 */
export const RAW_HISTORY_MS = 24 * 3_600_000;
export const BUCKET_MS = 5 * 60_000;
export const DAY_MS = 24 * 3_600_000;
export const DEFAULT_RETENTION_DAYS = 14;
export const MAX_RETENTION_DAYS = 365;
