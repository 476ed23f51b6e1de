const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The upstream's granularities, smallest first, with the bucket width of each. */
export const GRANULARITIES = {
  '30s': 30 * SECOND,
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '10m': 10 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '2d': 2 * DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
} as const satisfies Record<string, number>;

export type Granularity = keyof typeof GRANULARITIES;
export type GranularityOption = Granularity | 'auto';

/** The upstream answers `auto` with about this many buckets. */
export const AUTO_TARGET_BUCKETS = 60;

const ORDERED = Object.keys(GRANULARITIES) as Granularity[];

export function isGranularity(value: unknown): value is Granularity {
  return typeof value === 'string' && Object.hasOwn(GRANULARITIES, value);
}

export function granularityMs(g: Granularity): number {
  return GRANULARITIES[g];
}

/** The smallest granularity that covers the range in at most ~60 buckets; the largest if none does. */
export function autoGranularity(
  startMs: number,
  endMs: number,
  targetBuckets: number = AUTO_TARGET_BUCKETS,
): Granularity {
  const span = Math.max(0, endMs - startMs);
  for (const g of ORDERED) {
    if (Math.ceil(span / GRANULARITIES[g]) <= targetBuckets) return g;
  }
  return '30d';
}

export function resolveGranularity(g: GranularityOption, startMs: number, endMs: number): Granularity {
  return g === 'auto' ? autoGranularity(startMs, endMs) : g;
}

/** Floors to a multiple of `ms` since the epoch, the way the upstream aligns its buckets. */
export function alignBucket(ts: number, ms: number): number {
  return Math.floor(ts / ms) * ms;
}
