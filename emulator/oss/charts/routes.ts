import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { json } from '../../http/respond';
import { isValidId, validate } from '../../observability/schemas';
import type { FieldIssue } from '../../observability/issues';
import { API, bodyInvalid, type OssContext, type OssRouter } from '../context';
import {
  autoGranularity,
  CHART_AGG_FNS,
  ChartQueryError,
  granularityMs,
  GRANULARITIES,
  runChartQuery,
  type ChartQuery,
  type ChartRow,
} from './engine';
import type { EventTable } from './events';
import { WhereSyntaxError } from './where';

export const MAX_CHART_SERIES = 5;

/** A missing enum value reads "Required" in the upstream's validator, not an enum mismatch. */
const required = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : undefined) };

const seriesItem = z.object({
  sourceId: z.string().refine((v) => isValidId('objectId', v), { error: 'Invalid ObjectId' }),
  aggFn: z.enum(CHART_AGG_FNS, required),
  where: z.string(),
  groupBy: z.array(z.string()),
  field: z.string().optional(),
  level: z.number().min(0).max(1).optional(),
  metricName: z.string().optional(),
  metricDataType: z.enum(['sum', 'gauge', 'histogram']).optional(),
});

/** As the real service: integer epoch milliseconds (13 digits and more), never seconds. */
const millisecondTimestamp = z
  .number()
  .int({ error: 'Timestamp must be an integer' })
  .positive({ error: 'Timestamp must be positive' })
  .refine((v) => String(v).length >= 13, { error: 'Timestamp must be in milliseconds' });

const chartBody = z
  .object({
    startTime: millisecondTimestamp,
    endTime: millisecondTimestamp,
    granularity: z.enum([...GRANULARITIES, 'auto'], required),
    series: z.array(seriesItem).min(1).max(MAX_CHART_SERIES),
    seriesReturnType: z.enum(['ratio', 'column']).optional(),
  })
  .superRefine((body, ctx) => {
    const groupBy = JSON.stringify(body.series[0]?.groupBy ?? []);
    body.series.forEach((series, i) => {
      if (JSON.stringify(series.groupBy) !== groupBy) {
        ctx.addIssue({
          code: 'custom',
          path: ['series', i, 'groupBy'],
          message: 'All series must have the same groupBy',
        });
      }
      if (series.aggFn !== 'count' && !series.metricName && (series.field === undefined || series.field === '')) {
        ctx.addIssue({ code: 'custom', path: ['series', i, 'field'], message: 'Required' });
      }
      if (series.aggFn === 'quantile' && series.level === undefined) {
        ctx.addIssue({ code: 'custom', path: ['series', i, 'level'], message: 'Required' });
      }
    });
  });

const chartError = (status: number, error: string) => new HttpError(status, error, { json: { error } });

function tableFor(ctx: OssContext, sourceId: string): EventTable | null {
  const source = ctx.state.oss.sources.find((s) => s.id === sourceId);
  if (!source) throw chartError(404, 'Source not found');
  return source.kind === 'log' || source.kind === 'trace' || source.kind === 'metric'
    ? ctx.state.charts.table(source.kind)
    : null;
}

function chartQuery(ctx: OssContext): ChartQuery & { ratio: boolean } {
  const result = validate(chartBody, ctx.readJson());
  if (!result.ok) throw bodyInvalid(result.issues as FieldIssue[]);
  const body = result.value;
  const granularity = body.granularity === 'auto' ? autoGranularity(body.startTime, body.endTime) : body.granularity;
  return {
    startTime: body.startTime,
    endTime: body.endTime,
    granularityMs: granularityMs(granularity),
    groupBy: body.series[0]!.groupBy,
    series: body.series.map((query) => ({ query, table: tableFor(ctx, query.sourceId) })),
    ratio: body.seriesReturnType === 'ratio' && body.series.length === 2,
  };
}

/** `seriesReturnType: ratio` with two series answers series 0 divided by series 1, as one series. */
function asRatio(rows: ChartRow[]): ChartRow[] {
  return rows.map(({ 'series_0.data': a, 'series_1.data': b, ...row }) => {
    const ratio = Number(a) / Number(b);
    return Number.isFinite(ratio) ? { ...row, 'series_0.data': ratio } : row;
  });
}

export function registerChartRoutes(router: OssRouter): void {
  router.post(`${API}/charts/series`, (ctx) => {
    const query = chartQuery(ctx);
    try {
      const rows = runChartQuery(query);
      return json({ data: query.ratio ? asRatio(rows) : rows });
    } catch (error) {
      if (error instanceof WhereSyntaxError || error instanceof ChartQueryError) throw chartError(500, error.message);
      throw error;
    }
  });
}
