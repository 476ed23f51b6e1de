import { z } from 'zod';
import { dashboardExtrasRules, dashboardExtrasShape, filterInputSchema, filterWithIdSchema } from './dashboard-extras';
import { classicMessage, toFieldIssues, type FieldIssue } from './issues';
import { numberFormatSchema, tileConfigSchema } from './tile-config';

export type IdKind = 'objectId' | 'uuid';

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isValidId(kind: IdKind, value: string): boolean {
  return (kind === 'objectId' ? OBJECT_ID : UUID).test(value);
}

export const DASHBOARD_LIMITS = {
  columns: 24,
  maxTiles: 500,
  nameMaxLength: 1024,
  maxTags: 50,
  tagMaxLength: 32,
  minSeries: 1,
  maxSeries: 5,
  maxGroupBy: 10,
} as const;

/** The published enum: a percentile is `quantile` with a `level`, never `p95`. */
export const AGG_FNS = [
  'avg',
  'count',
  'count_distinct',
  'last_value',
  'max',
  'min',
  'quantile',
  'sum',
  'any',
  'none',
] as const;
export const ALERT_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '6h', '12h', '1d'] as const;
export const THRESHOLD_TYPES = [
  'above',
  'below',
  'above_exclusive',
  'below_or_equal',
  'equal',
  'not_equal',
  'between',
  'not_between',
] as const;

function idSchema(kind: IdKind) {
  return z
    .string()
    .refine((v) => isValidId(kind, v), { error: kind === 'objectId' ? 'Invalid ObjectId' : 'Invalid UUID' });
}

/**
 * The service's own request check (`packages/api/src/utils/zod.ts` of the observability app) takes a
 * series without `whereLanguage` (its published document says required) and reads it as lucene.
 */
const seriesWhereLanguage = z.enum(['sql', 'lucene']).default('lucene');

function seriesSchema(kind: IdKind) {
  const query = {
    sourceId: idSchema(kind).optional(),
    dataSource: z.string().min(1).optional(),
    aggFn: z.enum(AGG_FNS),
    level: z.number().min(0).max(1).optional(),
    field: z.string().optional(),
    alias: z.string().optional(),
    where: z.string(),
    whereLanguage: seriesWhereLanguage,
    metricName: z.string().optional(),
    metricDataType: z.string().optional(),
    numberFormat: numberFormatSchema.optional(),
  };
  const groupBy = z.array(z.string()).max(DASHBOARD_LIMITS.maxGroupBy);
  const union = z.discriminatedUnion('type', [
    z.object({ type: z.literal('time'), ...query, groupBy, displayType: z.enum(['line', 'stacked_bar']).optional() }),
    z.object({ type: z.literal('table'), ...query, groupBy, sortOrder: z.enum(['asc', 'desc']).optional() }),
    z.object({ type: z.literal('number'), ...query, groupBy: groupBy.optional() }),
    z.object({
      type: z.literal('search'),
      sourceId: idSchema(kind),
      fields: z.array(z.string()),
      where: z.string(),
      whereLanguage: seriesWhereLanguage,
    }),
    z.object({ type: z.literal('markdown'), content: z.string().max(100_000) }),
  ]);
  return union.superRefine((series, ctx) => {
    if ('aggFn' in series && series.sourceId === undefined && series.dataSource === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sourceId'], message: 'Required' });
    }
  });
}

export function tileSchema(kind: IdKind) {
  return z
    .object({
      id: z.string().max(36).optional(),
      name: z.string().max(DASHBOARD_LIMITS.nameMaxLength),
      x: z
        .int()
        .min(0)
        .max(DASHBOARD_LIMITS.columns - 1),
      y: z.int().min(0),
      w: z.int().min(1).max(DASHBOARD_LIMITS.columns),
      h: z.int().min(1),
      asRatio: z.boolean().optional(),
      series: z.array(seriesSchema(kind)).min(DASHBOARD_LIMITS.minSeries).max(DASHBOARD_LIMITS.maxSeries).optional(),
      config: tileConfigSchema.optional(),
      containerId: z.string().min(1).max(256).optional(),
      tabId: z.string().min(1).max(256).optional(),
    })
    .superRefine((tile, ctx) => {
      // Only when x and w are each in range, so one bad field yields one message.
      const { columns } = DASHBOARD_LIMITS;
      const inRange = tile.x >= 0 && tile.x < columns && tile.w >= 1 && tile.w <= columns;
      if (inRange && tile.x + tile.w > columns) {
        ctx.addIssue({ code: 'custom', path: ['w'], message: `x + w must be less than or equal to ${columns}` });
      }
      if (tile.series && tile.config)
        ctx.addIssue({ code: 'custom', path: [], message: 'Tile cannot have both series and config' });
      else if (!tile.series && !tile.config)
        ctx.addIssue({ code: 'custom', path: [], message: 'Tile must have either series or config' });
      if (tile.asRatio !== undefined && tile.config) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'asRatio property is not supported when using config property. Specify config.asRatio instead.',
        });
      }
      const types = new Set(tile.series?.map((s) => s.type));
      if (types.size > 1)
        ctx.addIssue({ code: 'custom', path: ['series'], message: 'All series must have the same type' });
    });
}

/** Create bodies carry filters without ids; full replaces carry them with ids. */
export function dashboardBodySchema(kind: IdKind, mode: 'create' | 'replace' = 'create') {
  return z
    .object({
      name: z.string().max(DASHBOARD_LIMITS.nameMaxLength),
      tags: z.array(z.string().max(DASHBOARD_LIMITS.tagMaxLength)).max(DASHBOARD_LIMITS.maxTags).optional(),
      tiles: z.array(tileSchema(kind)).max(DASHBOARD_LIMITS.maxTiles),
      ...dashboardExtrasShape(mode === 'create' ? filterInputSchema : filterWithIdSchema),
    })
    .superRefine(dashboardExtrasRules);
}
export type DashboardBody = z.infer<ReturnType<typeof dashboardBodySchema>>;
export type TileBody = DashboardBody['tiles'][number];

const alertChannel = z.object({ type: z.literal('webhook'), webhookId: z.string().min(1) });

export const alertBodySchema = z
  .object({
    name: z.string().min(1).max(512).nullish(),
    message: z.string().min(1).max(4096).nullish(),
    note: z.string().min(1).max(4096).nullish(),
    source: z.enum(['saved_search', 'tile']).default('saved_search'),
    dashboardId: z.string().min(1).optional(),
    tileId: z.string().min(1).optional(),
    savedSearchId: z.string().min(1).optional(),
    groupBy: z.string().optional(),
    threshold: z.number().min(0),
    thresholdMax: z.number().nullish(),
    thresholdType: z.enum(THRESHOLD_TYPES),
    interval: z.enum(ALERT_INTERVALS),
    channel: alertChannel.optional(),
    channels: z.array(alertChannel).min(1).optional(),
    numConsecutiveWindows: z.int().min(1).nullish(),
    scheduleOffsetMinutes: z.int().min(0).nullish(),
    scheduleStartAt: z.iso.datetime().nullish(),
  })
  .superRefine((alert, ctx) => {
    if (!alert.channel && !alert.channels) ctx.addIssue({ code: 'custom', path: ['channel'], message: 'Required' });
    const first = alert.channels?.[0];
    if (alert.channel && first && (alert.channel.type !== first.type || alert.channel.webhookId !== first.webhookId)) {
      ctx.addIssue({ code: 'custom', path: ['channel'], message: 'channel must match the first entry of channels' });
    }
    const required = alert.source === 'tile' ? (['dashboardId', 'tileId'] as const) : (['savedSearchId'] as const);
    for (const field of required)
      if (alert[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Required' });
    if (alert.thresholdType === 'between' || alert.thresholdType === 'not_between') {
      if (alert.thresholdMax == null) ctx.addIssue({ code: 'custom', path: ['thresholdMax'], message: 'Required' });
      else if (alert.thresholdMax < alert.threshold) {
        ctx.addIssue({
          code: 'custom',
          path: ['thresholdMax'],
          message: 'thresholdMax must be greater than or equal to threshold',
        });
      }
    }
  });
export type AlertBody = z.infer<typeof alertBodySchema>;

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

export function validate<T>(schema: z.ZodType<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input, { error: classicMessage });
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: toFieldIssues(result.error) };
}
