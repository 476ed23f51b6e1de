/**
 * Whether a value breaches an alert's condition, with upstream's threshold types (the README's
 * upstream facts): `above` is at or above, `above_exclusive` strictly above, and so on; the two
 * range types use `thresholdMax` as the upper bound.
 */
export function breaches(
  thresholdType: string,
  threshold: number,
  value: number,
  thresholdMax?: number | null,
): boolean {
  const max = thresholdMax ?? threshold;
  switch (thresholdType) {
    case 'above':
      return value >= threshold;
    case 'above_exclusive':
      return value > threshold;
    case 'below':
      return value < threshold;
    case 'below_or_equal':
      return value <= threshold;
    case 'equal':
      return value === threshold;
    case 'not_equal':
      return value !== threshold;
    case 'between':
      return value >= threshold && value <= max;
    case 'not_between':
      return value < threshold || value > max;
    default:
      return false;
  }
}

/** Alert intervals as chart granularities: one bucket per check. */
export const INTERVAL_GRANULARITY = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1h',
  '6h': '6h',
  '12h': '12h',
  '1d': '1d',
} as const;
