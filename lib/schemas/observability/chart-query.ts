// zod/mini: the same schema checks the BFF route's body and the query the browser builds from a tile.
import * as z from 'zod/mini';
import { GRANULARITIES } from '@/lib/charts/granularity';
import type { ChartSeriesRow } from '@/lib/charts/series-row';
import { objectIdSchema } from '../ids';
import { AGG_FNS_WITHOUT_FIELD, CHART_AGG_FNS, CHART_QUERY_LIMITS } from './chart-query-bounds';
import { WHERE_LANGUAGES } from './layout-bounds';

/**
 * `POST /api/v2/charts/series` of the open-source surface (upstream facts): epoch-millisecond
 * range, a granularity or `auto`, and 1 to 5 series sharing one `groupBy`. The aggregations are
 * the published contract's: a percentile is `quantile` with a `level`.
 */
export * from './chart-query-bounds';
export const CHART_GRANULARITIES = [...(Object.keys(GRANULARITIES) as (keyof typeof GRANULARITIES)[]), 'auto'] as const;

const { seriesMin, seriesMax, groupByMax, whereMaxLength } = CHART_QUERY_LIMITS;

const epochMs = (name: string) =>
  z
    .number({ error: `${name} must be a number of epoch milliseconds` })
    .check(z.refine((v) => Number.isFinite(v) && v >= 0, { error: `${name} must be a number of epoch milliseconds` }));

export const chartSeriesQuerySchema = z.object({
  sourceId: objectIdSchema,
  aggFn: z.enum(CHART_AGG_FNS, { error: `aggFn must be one of ${CHART_AGG_FNS.join(', ')}` }),
  field: z.optional(z.string()),
  level: z.optional(
    z
      .number({ error: 'level must be a number from 0 to 1' })
      .check(z.gte(0, { error: 'level must be from 0 to 1' }), z.lte(1, { error: 'level must be from 0 to 1' })),
  ),
  where: z
    .string({ error: 'where is required (it may be empty)' })
    .check(z.maxLength(whereMaxLength, { error: `where must be at most ${whereMaxLength} characters` })),
  whereLanguage: z.optional(
    z.enum(WHERE_LANGUAGES, { error: `whereLanguage must be one of ${WHERE_LANGUAGES.join(', ')}` }),
  ),
  groupBy: z
    .array(z.string(), { error: 'groupBy is required (it may be empty)' })
    .check(z.maxLength(groupByMax, { error: `At most ${groupByMax} groupBy fields` })),
});
export type ChartSeriesQuery = z.infer<typeof chartSeriesQuerySchema>;

export const chartQuerySchema = z
  .object({
    startTime: epochMs('startTime'),
    endTime: epochMs('endTime'),
    granularity: z.enum(CHART_GRANULARITIES, { error: `granularity must be one of ${CHART_GRANULARITIES.join(', ')}` }),
    series: z
      .array(chartSeriesQuerySchema, { error: 'series must be a list' })
      .check(
        z.minLength(seriesMin, { error: `At least ${seriesMin} series` }),
        z.maxLength(seriesMax, { error: `At most ${seriesMax} series` }),
      ),
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.startTime >= query.endTime) {
        ctx.addIssue({
          code: 'custom',
          path: ['endTime'],
          message: 'endTime must be after startTime',
          input: query.endTime,
        });
      }
      const groupBy = JSON.stringify(query.series[0]?.groupBy ?? []);
      query.series.forEach((series, i) => {
        if (JSON.stringify(series.groupBy) !== groupBy) {
          ctx.addIssue({
            code: 'custom',
            path: ['series', i, 'groupBy'],
            message: 'Every series must have the same groupBy',
            input: series.groupBy,
          });
        }
        if (!AGG_FNS_WITHOUT_FIELD.includes(series.aggFn) && !series.field?.trim()) {
          ctx.addIssue({
            code: 'custom',
            path: ['series', i, 'field'],
            message: `field is required for ${series.aggFn}`,
            input: series.field,
          });
        }
        if (series.aggFn === 'quantile' && series.level === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['series', i, 'level'],
            message: 'level is required for quantile',
            input: series.level,
          });
        }
      });
    }),
  );
export type ChartQuery = z.infer<typeof chartQuerySchema>;

/** One row of the answer: `{ts_bucket, group, "series_<i>.data": v}`; see components/charts/prepare.ts. */
export interface ChartSeriesResponse {
  data: ChartSeriesRow[];
}
