import { z } from 'zod';
import { classicMessage } from './issues';

/**
 * The `config` form of a dashboard tile (the open-source service's external API v2, see the
 * README's upstream facts): one variant per `displayType`, a raw-SQL variant (`configType: "sql"`)
 * for the six chart kinds that have one. Unknown keys are dropped, as the service does.
 */

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const objectId = z.string().refine((v) => OBJECT_ID.test(v), { error: 'Invalid ObjectId' });
const whereLanguage = z.enum(['sql', 'lucene']);
const text = (max: number) => z.string().max(max);

export const NUMBER_FORMAT_OUTPUTS = [
  'currency',
  'percent',
  'byte',
  'time',
  'number',
  'data_rate',
  'throughput',
  'duration',
] as const;

export const numberFormatSchema = z.object({
  output: z.enum(NUMBER_FORMAT_OUTPUTS).optional(),
  mantissa: z.int().optional(),
  thousandSeparated: z.boolean().optional(),
  average: z.boolean().optional(),
  decimalBytes: z.boolean().optional(),
  factor: z.number().optional(),
  currencySymbol: z.string().optional(),
  numericUnit: z.string().optional(),
  unit: z.string().optional(),
});

export const CONFIG_AGG_FNS = [
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
export const METRIC_DATA_TYPES = ['sum', 'gauge', 'histogram', 'summary', 'exponential histogram'] as const;
const PALETTE = [
  'chart-blue',
  'chart-orange',
  'chart-red',
  'chart-cyan',
  'chart-green',
  'chart-pink',
  'chart-purple',
  'chart-light-blue',
  'chart-brown',
  'chart-gray',
  'chart-success',
  'chart-warning',
  'chart-error',
] as const;
const palette = z.enum(PALETTE);

const selectItem = z
  .object({
    valueExpression: text(10_000).optional(),
    alias: text(10_000).optional(),
    aggFn: z.enum(CONFIG_AGG_FNS),
    level: z.union([z.literal(0.5), z.literal(0.9), z.literal(0.95), z.literal(0.99)]).optional(),
    where: text(10_000).optional(),
    whereLanguage: whereLanguage.optional(),
    numberFormat: numberFormatSchema.optional(),
    metricType: z.enum(METRIC_DATA_TYPES).optional(),
    metricName: z.string().optional(),
    periodAggFn: z.enum(['delta']).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.level !== undefined && item.aggFn !== 'quantile') {
      ctx.addIssue({ code: 'custom', path: [], message: 'Level can only be used with quantile aggregation function' });
    }
    if (item.valueExpression && item.aggFn === 'count') {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Value expression cannot be used with count aggregation function',
      });
    } else if (!item.valueExpression && item.aggFn !== 'count' && !(item.metricName && item.metricType)) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Value expression is required for non-count aggregation functions',
      });
    }
  });

const formulas = z
  .array(
    z.object({ expression: text(1024), alias: z.string().optional(), numberFormat: numberFormatSchema.optional() }),
  )
  .max(10)
  .optional();
const select = z.array(selectItem).min(1).max(20);
const seriesLimit = z.int().min(0).optional();

const timeChart = {
  sourceId: objectId,
  select,
  groupBy: text(10_000).optional(),
  asRatio: z.boolean().optional(),
  alignDateRangeToGranularity: z.boolean().optional(),
  fillNulls: z.boolean().optional(),
  numberFormat: numberFormatSchema.optional(),
  formulas,
  showOperandSeries: z.boolean().optional(),
  seriesLimit,
};

/**
 * A number tile's colour rule, as the service checks it (`NumberTileColorConditionSchema` of the
 * app's common-utils): a bound for the orderings, an inclusive `[min, max]` for `between`, a
 * number or a string for the equalities.
 */
const finite = z.number().finite();
const ruleLook = { color: palette, label: text(40).optional() };
const colorRule = z.discriminatedUnion('operator', [
  z.object({ operator: z.enum(['gt', 'gte', 'lt', 'lte']), value: finite, ...ruleLook }),
  z.object({ operator: z.literal('between'), value: z.array(finite).length(2), ...ruleLook }),
  z.object({ operator: z.enum(['eq', 'neq']), value: z.union([finite, z.string().max(200)]), ...ruleLook }),
]);

const onClick = z.looseObject({ type: z.enum(['search', 'dashboard', 'external']) });

const builderConfig = z.discriminatedUnion('displayType', [
  z.object({
    displayType: z.literal('line'),
    ...timeChart,
    compareToPreviousPeriod: z.boolean().optional(),
    fitYAxisToData: z.boolean().optional(),
  }),
  z.object({ displayType: z.literal('stacked_bar'), ...timeChart }),
  z.object({
    displayType: z.literal('table'),
    sourceId: objectId,
    select,
    groupBy: text(10_000).optional(),
    having: text(10_000).optional(),
    orderBy: text(10_000).optional(),
    asRatio: z.boolean().optional(),
    numberFormat: numberFormatSchema.optional(),
    groupByColumnsOnLeft: z.boolean().optional(),
    onClick: onClick.optional(),
    formulas,
    showOperandSeries: z.boolean().optional(),
  }),
  z.object({
    displayType: z.literal('number'),
    sourceId: objectId,
    select,
    numberFormat: numberFormatSchema.optional(),
    formulas: z
      .array(z.object({ expression: text(1024), alias: z.string().optional() }))
      .max(1)
      .optional(),
    color: palette.optional(),
    colorRules: z.array(colorRule).max(10).optional(),
    backgroundChart: z.object({ type: z.enum(['line', 'area']), color: palette.optional() }).optional(),
  }),
  ...(['pie', 'bar'] as const).map((displayType) =>
    z.object({
      displayType: z.literal(displayType),
      sourceId: objectId,
      select: z.array(selectItem).length(1),
      groupBy: text(10_000).optional(),
      orderBy: text(10_000).optional(),
      numberFormat: numberFormatSchema.optional(),
      limit: z.int().min(0).optional(),
    }),
  ),
  z.object({
    displayType: z.literal('heatmap'),
    sourceId: objectId,
    select: z
      .array(
        z.object({
          valueExpression: z.string().min(1).max(10_000),
          countExpression: text(10_000).optional(),
          heatmapScaleType: z.enum(['log', 'linear']).optional(),
        }),
      )
      .length(1),
    where: text(10_000).optional(),
    whereLanguage: whereLanguage.optional(),
    numberFormat: numberFormatSchema.optional(),
  }),
  z.object({
    displayType: z.literal('search'),
    sourceId: objectId,
    select: text(10_000),
    where: text(10_000).optional(),
    whereLanguage: whereLanguage.optional(),
  }),
  z.object({
    displayType: z.literal('event_patterns'),
    sourceId: objectId,
    select: text(10_000).optional(),
    where: text(10_000).optional(),
    whereLanguage: whereLanguage.optional(),
  }),
  z.object({ displayType: z.literal('markdown'), markdown: text(50_000).optional() }),
]);

const rawSqlBase = {
  configType: z.literal('sql'),
  connectionId: objectId,
  sqlTemplate: text(100_000),
  sourceId: objectId.optional(),
  numberFormat: numberFormatSchema.optional(),
};
const timeSqlExtras = {
  fillNulls: z.boolean().optional(),
  alignDateRangeToGranularity: z.boolean().optional(),
  seriesLimit,
};

const rawSqlConfig = z.discriminatedUnion('displayType', [
  z.object({
    ...rawSqlBase,
    displayType: z.literal('line'),
    ...timeSqlExtras,
    compareToPreviousPeriod: z.boolean().optional(),
    fitYAxisToData: z.boolean().optional(),
  }),
  z.object({ ...rawSqlBase, displayType: z.literal('stacked_bar'), ...timeSqlExtras }),
  z.object({ ...rawSqlBase, displayType: z.literal('table'), onClick: onClick.optional() }),
  z.object({
    ...rawSqlBase,
    displayType: z.literal('number'),
    color: palette.optional(),
    colorRules: z.array(colorRule).max(10).optional(),
  }),
  z.object({ ...rawSqlBase, displayType: z.literal('pie') }),
  z.object({ ...rawSqlBase, displayType: z.literal('bar') }),
]);

export type TileConfig = z.infer<typeof builderConfig> | z.infer<typeof rawSqlConfig>;

const isRawSql = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { configType?: unknown }).configType === 'sql';

/** Routed by `configType` so a bad field gets its own message rather than "no union member matched". */
export const tileConfigSchema = z.unknown().transform((data, ctx): TileConfig => {
  if (typeof data === 'object' && data !== null && 'configType' in data && !isRawSql(data)) {
    ctx.addIssue({
      code: 'custom',
      path: ['configType'],
      message: 'configType must be "sql" or omitted (builder configs carry no configType)',
    });
    return z.NEVER;
  }
  const result = (isRawSql(data) ? rawSqlConfig : builderConfig).safeParse(data, { error: classicMessage });
  if (!result.success) {
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.filter((p) => typeof p !== 'symbol') });
    return z.NEVER;
  }
  const config = result.data;
  if (
    'asRatio' in config &&
    config.asRatio &&
    (!('select' in config) || !Array.isArray(config.select) || config.select.length !== 2)
  ) {
    ctx.addIssue({ code: 'custom', path: [], message: 'asRatio can only be used with exactly two select items' });
  }
  if (
    config.displayType === 'number' &&
    !('configType' in config) &&
    !config.formulas?.length &&
    config.select.length !== 1
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['select'],
      message: 'Number tiles support a single select item unless formulas are used (extra items are formula operands)',
    });
  }
  return config;
});

/** The source a config reads, when it reads one (markdown and raw SQL without a source do not). */
export function configSourceId(config: TileConfig): string | undefined {
  return 'sourceId' in config ? config.sourceId : undefined;
}
