// zod/mini, like every schema in lib/schemas: the tile editor form shares these in the browser.
import * as z from 'zod/mini';

import { OBJECT_ID_PATTERN, UUID_PATTERN } from '../ids';
import { safeParse, type $ZodType } from 'zod/v4/core';
import {
  AGG_FNS,
  DASHBOARD_LIMITS,
  DEFAULT_WHERE_LANGUAGE,
  SERIES_TYPES,
  WHERE_LANGUAGES,
  aggFnNeedsField,
  type WhereLanguage,
} from './layout-bounds';
import {
  MARKDOWN_MAX_LENGTH,
  SAVED_QUERY_MAX_LENGTH,
  SORT_ORDERS,
  TIME_DISPLAY_TYPES,
  TILE_ID_PATTERN,
  VARIABLE_NAME_PATTERN,
} from './tile-kinds';
import { formatNumber } from '@/lib/format/number';

export * from './layout-bounds';
export * from './tile-kinds';

const { columns, tilesMax, nameMaxLength, tagsMax, tagMaxLength, seriesMin, seriesMax } = DASHBOARD_LIMITS;

/** Ids are 24-hex object ids on the open-source surface and UUIDs on the managed one; each upstream checks its own. */
const resourceIdSchema = (what: string) =>
  z.string({ error: `${what} is required` }).check(
    z.refine((v) => OBJECT_ID_PATTERN.test(v) || UUID_PATTERN.test(v), {
      error: `${what} must be a 24-character hexadecimal id or a UUID`,
    }),
  );

const gridInt = (name: string, min: number, max?: number) => {
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
  const int = z.int({ error: `${name} must be a whole number` });
  const atLeast = z.gte(min, { error: `${name} must be ${range}` });
  return max === undefined ? int.check(atLeast) : int.check(atLeast, z.lte(max, { error: `${name} must be ${range}` }));
};

const aggFnList = `${AGG_FNS.slice(0, -1).join(', ')} or ${AGG_FNS.at(-1)}`;

const tileIdSchema = z
  .string({ error: 'Tile id must be text' })
  .check(z.refine((v) => TILE_ID_PATTERN.test(v), { error: 'Tile id must be at most 36 letters, digits, - or _' }));

const looseRecord = z.looseObject({});

/**
 * A query series (time, number or table): what the editor authors. The source is `sourceId` (what
 * upstream checks and what the chart query takes); the spec's `dataSource` is kept when present.
 * Fields the editor does not show (alias, metricName…) pass through so a save never drops them.
 */
export const chartSeriesSchema = z
  .looseObject({
    type: z.enum(SERIES_TYPES, { error: 'Chart type must be time, number or table' }),
    sourceId: z.optional(resourceIdSchema('Source')),
    dataSource: z.optional(z.string()),
    aggFn: z.enum(AGG_FNS, { error: `Aggregation must be ${aggFnList}` }),
    field: z.optional(z.string()),
    level: z.optional(
      z
        .number()
        .check(z.gte(0, { error: 'Level must be from 0 to 1' }), z.lte(1, { error: 'Level must be from 0 to 1' })),
    ),
    where: z.string({ error: 'Where must be a search expression (it may be empty)' }),
    whereLanguage: z.optional(z.enum(WHERE_LANGUAGES, { error: 'Where language must be lucene or sql' })),
    groupBy: z.optional(
      z.array(z.string().check(z.trim(), z.minLength(1, { error: 'A group-by field must not be empty' }))),
    ),
    displayType: z.optional(z.enum(TIME_DISPLAY_TYPES, { error: 'Display must be line or stacked_bar' })),
    sortOrder: z.optional(z.enum(SORT_ORDERS, { error: 'Sort order must be asc or desc' })),
    alias: z.optional(z.string({ error: 'Alias must be text' })),
    numberFormat: z.optional(looseRecord),
  })
  .check(
    z.superRefine((series, ctx) => {
      if (series.sourceId === undefined && !series.dataSource)
        ctx.addIssue({ code: 'custom', path: ['sourceId'], message: 'Source is required' });
      // A metric series aggregates its metric's value (`metricName`); the observability app writes its `field` empty.
      const isMetric = typeof series.metricName === 'string' && series.metricName.trim() !== '';
      if (aggFnNeedsField(series.aggFn) && !series.field?.trim() && !isMetric) {
        ctx.addIssue({ code: 'custom', path: ['field'], message: `Field is required for ${series.aggFn}` });
      }
      if (series.aggFn === 'quantile' && series.level === undefined)
        ctx.addIssue({ code: 'custom', path: ['level'], message: 'Level is required for quantile' });
    }),
  );
export type ChartSeries = z.infer<typeof chartSeriesSchema>;

/** A list of the latest events (the `search` series). */
export const searchSeriesSchema = z.looseObject({
  type: z.literal('search'),
  sourceId: resourceIdSchema('Source'),
  fields: z.array(z.string({ error: 'A column must be text' }), { error: 'Columns must be a list' }),
  where: z.string({ error: 'Where must be a search expression (it may be empty)' }),
});
export type SearchSeries = z.infer<typeof searchSeriesSchema>;

/** A note (the `markdown` series); shown sanitized. */
export const markdownSeriesSchema = z.looseObject({
  type: z.literal('markdown'),
  content: z.string({ error: 'Text is required' }).check(
    z.maxLength(MARKDOWN_MAX_LENGTH.series, {
      error: `Text must be at most ${formatNumber(MARKDOWN_MAX_LENGTH.series)} characters`,
    }),
  ),
});
export type MarkdownSeries = z.infer<typeof markdownSeriesSchema>;

/** Any series as stored: the kinds above are checked; a kind this console does not know is kept as it is. */
export type Series = ChartSeries | SearchSeries | MarkdownSeries | (Record<string, unknown> & { type: string });

const SERIES_KIND_SCHEMAS: Record<string, $ZodType> = {
  time: chartSeriesSchema,
  number: chartSeriesSchema,
  table: chartSeriesSchema,
  search: searchSeriesSchema,
  markdown: markdownSeriesSchema,
};

export const seriesSchema = z
  .looseObject({ type: z.string({ error: 'Chart type must be time, number or table' }) })
  .check(
    z.superRefine((series, ctx) => {
      const schema = SERIES_KIND_SCHEMAS[series.type];
      if (!schema) return;
      const result = safeParse(schema, series);
      if (!result.success)
        for (const issue of result.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: issue.path.filter((p) => typeof p !== 'symbol'),
            message: issue.message,
          });
    }),
  ) as unknown as $ZodType<Series>;

export function isChartSeries(series: Series): series is ChartSeries {
  return series.type === 'time' || series.type === 'number' || series.type === 'table';
}

/** The source a series reads: `sourceId`, or the spec's `dataSource` where only that is given. */
export function seriesSourceId(series: Series): string | undefined {
  if (!isChartSeries(series)) return typeof series.sourceId === 'string' ? series.sourceId : undefined;
  return series.sourceId ?? series.dataSource;
}

const groupByKey = (series: Series) => JSON.stringify(isChartSeries(series) ? (series.groupBy ?? []) : []);

/**
 * The newer tile form (`config`, chosen by `displayType`). Checked lightly here: upstream checks
 * every variant; the console keeps what it does not author exactly as it came.
 */
export const tileConfigSchema = z.looseObject({
  displayType: z.string({ error: 'Display type is required' }),
  markdown: z.optional(
    z.string().check(
      z.maxLength(MARKDOWN_MAX_LENGTH.config, {
        error: `Text must be at most ${formatNumber(MARKDOWN_MAX_LENGTH.config)} characters`,
      }),
    ),
  ),
});
export type TileConfig = z.infer<typeof tileConfigSchema>;

const seriesListSchema = <T extends $ZodType>(item: T) =>
  z
    .array(item, { error: 'Series must be a list' })
    .check(
      z.minLength(seriesMin, { error: `A tile needs at least ${seriesMin} series` }),
      z.maxLength(seriesMax, { error: `A tile has at most ${seriesMax} series` }),
    );

/** What every tile has, whatever its contents: a place on the grid (and in a container), and one form. */
const tilePlaceShape = {
  id: z.optional(tileIdSchema),
  x: gridInt('x', 0, columns - 1),
  y: gridInt('y', 0),
  w: gridInt('w', 1, columns),
  h: gridInt('h', 1),
  containerId: z.optional(z.string({ error: 'Container id must be text' })),
  tabId: z.optional(z.string({ error: 'Tab id must be text' })),
  config: z.optional(tileConfigSchema),
};

type PlacedTile = { x: number; w: number; series?: unknown; config?: unknown };
function checkPlace(
  tile: PlacedTile,
  ctx: { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void },
) {
  // Only when x and w are each in range, so one bad field gives one message.
  if (tile.x >= 0 && tile.x < columns && tile.w >= 1 && tile.w <= columns && tile.x + tile.w > columns) {
    ctx.addIssue({ code: 'custom', path: ['w'], message: `x + w must be at most ${columns}` });
  }
  if (tile.series && tile.config)
    ctx.addIssue({ code: 'custom', path: ['config'], message: 'A tile has either series or a config, not both' });
  if (!tile.series && !tile.config)
    ctx.addIssue({ code: 'custom', path: ['series'], message: 'A tile needs at least 1 series' });
}

/**
 * A tile as the editor authors it: every rule of its contents checked. A save applies it only to
 * the tiles the user added or changed (./dashboard-edits); the others go back as they came.
 */
export const tileSchema = z
  .looseObject({
    ...tilePlaceShape,
    name: z
      .string({ error: 'Tile name is required' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'Tile name is required' }),
        z.maxLength(nameMaxLength, { error: `Tile name must be at most ${nameMaxLength} characters` }),
      ),
    asRatio: z.optional(z.boolean({ error: 'As ratio must be true or false' })),
    series: z.optional(seriesListSchema(seriesSchema)),
  })
  .check(
    z.superRefine((tile, ctx) => {
      checkPlace(tile, ctx);
      const [first, ...rest] = tile.series ?? [];
      if (!first) return;
      rest.forEach((series, i) => {
        if (series.type !== first.type)
          ctx.addIssue({
            code: 'custom',
            path: ['series', i + 1, 'type'],
            message: 'All series must have the same chart type',
          });
        if (groupByKey(series) !== groupByKey(first)) {
          ctx.addIssue({
            code: 'custom',
            path: ['series', i + 1, 'groupBy'],
            message: 'All series must have the same group-by fields',
          });
        }
      });
      if (tile.asRatio && tile.series?.length !== 2)
        ctx.addIssue({ code: 'custom', path: ['asRatio'], message: 'As ratio needs exactly 2 series' });
    }),
  );
export type Tile = z.infer<typeof tileSchema>;
export type TileInput = z.input<typeof tileSchema>;

/**
 * A tile as upstream stored it (a save sends it back unchanged): its place and its form are
 * checked, its contents are upstream's to judge (an empty name, a metric series, a series kind
 * this console does not author).
 */
export const storedTileSchema = z
  .looseObject({
    ...tilePlaceShape,
    name: z
      .string({ error: 'Tile name must be text' })
      .check(z.maxLength(nameMaxLength, { error: `Tile name must be at most ${nameMaxLength} characters` })),
    series: z.optional(seriesListSchema(z.looseObject({ type: z.string({ error: 'A series needs a type' }) }))),
  })
  .check(z.superRefine(checkPlace)) as unknown as $ZodType<Tile>;

export const dashboardNameSchema = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name is required' }),
    z.maxLength(nameMaxLength, { error: `Name must be at most ${nameMaxLength} characters` }),
  );

export const dashboardTagsSchema = z
  .array(
    z
      .string({ error: 'A tag must be text' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'A tag must not be empty' }),
        z.maxLength(tagMaxLength, { error: `A tag must be at most ${tagMaxLength} characters` }),
      ),
    { error: 'Tags must be a list' },
  )
  .check(z.maxLength(tagsMax, { error: `At most ${tagsMax} tags` }));

/** A drop-down filter of the dashboard; upstream checks the rest of its rules. */
export const dashboardFilterSchema = z.looseObject({
  id: z.optional(z.string()),
  type: z.string({ error: 'Filter type is required' }),
  name: z
    .string({ error: 'Filter name is required' })
    .check(z.trim(), z.minLength(1, { error: 'Filter name is required' })),
  expression: z
    .string({ error: 'Filter field is required' })
    .check(z.trim(), z.minLength(1, { error: 'Filter field is required' })),
  sourceId: resourceIdSchema('Filter source'),
  isBroadcastEnabled: z.optional(z.boolean()),
  isVariableEnabled: z.optional(z.boolean()),
  variableName: z.optional(
    z.string().check(
      z.regex(VARIABLE_NAME_PATTERN, {
        error: 'Variable name must start with a letter and hold only letters, digits and _',
      }),
      z.maxLength(64),
    ),
  ),
});
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

/**
 * Upstream requires a query or search series to name the language of its `where`; one stored
 * without (seeded, or saved by an older console) was written in the console's search syntax.
 */
export function withSeriesWhereLanguage<T extends Pick<Tile, 'series'>>(tile: T): T {
  const needs = (series: Series) => (isChartSeries(series) || series.type === 'search') && !series.whereLanguage;
  return tile.series?.some(needs)
    ? {
        ...tile,
        series: tile.series.map((series) =>
          needs(series) ? { ...series, whereLanguage: DEFAULT_WHERE_LANGUAGE } : series,
        ),
      }
    : tile;
}

function withWhereLanguage<T extends { tiles: Tile[] }>(body: T): T {
  return { ...body, tiles: body.tiles.map(withSeriesWhereLanguage) };
}

/**
 * Create and full-replace body of a dashboard, on both surfaces, as it is sent upstream. Fields
 * this console does not manage (containers, and whatever a newer upstream adds) pass through
 * untouched.
 */
const dashboardFieldsSchema = z.looseObject({
  name: dashboardNameSchema,
  tags: z.optional(dashboardTagsSchema),
  tiles: z
    .array(tileSchema, { error: 'Tiles must be a list' })
    .check(z.maxLength(tilesMax, { error: `A dashboard has at most ${tilesMax} tiles` })),
  filters: z.optional(z.array(dashboardFilterSchema, { error: 'Filters must be a list' })),
  savedQuery: z.optional(
    z.nullable(
      z.string({ error: 'The default filter must be text' }).check(
        z.maxLength(SAVED_QUERY_MAX_LENGTH, {
          error: `The default filter must be at most ${SAVED_QUERY_MAX_LENGTH} characters`,
        }),
      ),
    ),
  ),
  savedQueryLanguage: z.optional(
    z.nullable(z.enum(WHERE_LANGUAGES, { error: 'The default filter language must be lucene or sql' })),
  ),
  savedFilterValues: z.optional(
    z.array(z.looseObject({ condition: z.string({ error: 'A filter value must be a condition' }) }), {
      error: 'Filter values must be a list',
    }),
  ),
});
export const dashboardBodySchema = z.pipe(dashboardFieldsSchema, z.transform(withWhereLanguage));
export type DashboardBody = z.infer<typeof dashboardBodySchema>;

/**
 * The full replace of a stored dashboard: tiles as stored are taken as they are; the BFF then
 * applies `tileSchema` to the tiles that differ from the stored ones (./dashboard-edits).
 */
export const dashboardReplaceBodySchema = z.pipe(
  z.extend(dashboardFieldsSchema, {
    tiles: z
      .array(storedTileSchema, { error: 'Tiles must be a list' })
      .check(z.maxLength(tilesMax, { error: `A dashboard has at most ${tilesMax} tiles` })),
  }),
  z.transform(withWhereLanguage),
) as unknown as $ZodType<DashboardBody>;

/** A stored dashboard as either surface returns it: every tile has its server-assigned id. */
export interface Dashboard {
  id: string;
  name: string;
  tags: string[];
  tiles: (Tile & { id: string })[];
  filters?: DashboardFilter[];
  savedQuery?: string | null;
  savedQueryLanguage?: WhereLanguage | null;
  savedFilterValues?: DashboardBody['savedFilterValues'];
  /** Fields of a newer upstream (containers…), kept as they are. */
  [field: string]: unknown;
}
