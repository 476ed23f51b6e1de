/**
 * The chart query's aggregations and bounds without its schema, so the dashboard page builds
 * queries without loading zod (the BFF route checks them with the schema in ./chart-query).
 */
export const CHART_AGG_FNS = ['count', 'sum', 'avg', 'min', 'max', 'count_distinct', 'quantile', 'last_value'] as const;
export type ChartAggFn = (typeof CHART_AGG_FNS)[number];
/** Every aggregate but `count` needs the field it aggregates. */
export const AGG_FNS_WITHOUT_FIELD: readonly ChartAggFn[] = ['count'];
export const CHART_QUERY_LIMITS = { seriesMin: 1, seriesMax: 5, groupByMax: 10, whereMaxLength: 10_000 } as const;
