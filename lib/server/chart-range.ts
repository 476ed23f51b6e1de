import { alignBucket, granularityMs, resolveGranularity } from '@/lib/charts/granularity';
import type { ChartQuery } from '@/lib/schemas/observability/chart-query';

/**
 * The query's range widened to whole buckets of its granularity: the upstream aligns buckets the
 * same way, so the chart is unchanged, and users opening the same dashboard a few seconds apart
 * send the same query, which the shared read cache then answers once.
 */
export function alignChartRange(query: ChartQuery): ChartQuery {
  // `auto` is resolved here: the upstream would resolve it from the widened range, maybe differently.
  const granularity = resolveGranularity(query.granularity, query.startTime, query.endTime);
  const bucket = granularityMs(granularity);
  const startTime = alignBucket(query.startTime, bucket);
  const endTime = Math.max(startTime + bucket, Math.ceil(query.endTime / bucket) * bucket);
  return { ...query, granularity, startTime, endTime };
}
