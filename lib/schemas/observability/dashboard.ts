// zod/mini, like every schema in lib/schemas: the tile editor form shares these in the browser.
import * as z from 'zod/mini';

import { OBJECT_ID_PATTERN, UUID_PATTERN } from '../ids';
import { AGG_FNS, DASHBOARD_LIMITS, DEFAULT_WHERE_LANGUAGE, FOREIGN_SERIES_TYPES, SERIES_TYPES, WHERE_LANGUAGES, aggFnNeedsField } from './layout-bounds';

export * from './layout-bounds';

const { columns, tilesMax, nameMaxLength, tagsMax, tagMaxLength, seriesMin, seriesMax } = DASHBOARD_LIMITS;

/** Ids are 24-hex object ids on the open-source surface and UUIDs on the managed one; each upstream checks its own. */
const resourceIdSchema = (what: string) =>
  z.string({ error: `${what} is required` }).check(
    z.refine((v) => OBJECT_ID_PATTERN.test(v) || UUID_PATTERN.test(v), { error: `${what} must be a 24-character hexadecimal id or a UUID` }),
  );

const gridInt = (name: string, min: number, max?: number) => {
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
  const int = z.int({ error: `${name} must be a whole number` });
  const atLeast = z.gte(min, { error: `${name} must be ${range}` });
  return max === undefined ? int.check(atLeast) : int.check(atLeast, z.lte(max, { error: `${name} must be ${range}` }));
};

const aggFnList = `${AGG_FNS.slice(0, -1).join(', ')} or ${AGG_FNS.at(-1)}`;

/**
 * A chart series the editor authors. The source is `sourceId` (what upstream checks and what the
 * chart query takes); the spec's `dataSource` is kept when present. Unknown upstream fields
 * (alias, numberFormat, displayType…) pass through so a save never drops them.
 */
export const chartSeriesSchema = z
  .looseObject({
    type: z.enum(SERIES_TYPES, { error: 'Chart type must be time or number' }),
    sourceId: z.optional(resourceIdSchema('Source')),
    dataSource: z.optional(z.string()),
    aggFn: z.enum(AGG_FNS, { error: `Aggregation must be ${aggFnList}` }),
    field: z.optional(z.string()),
    level: z.optional(z.number().check(z.gte(0, { error: 'Level must be from 0 to 1' }), z.lte(1, { error: 'Level must be from 0 to 1' }))),
    where: z.string({ error: 'Where must be a search expression (it may be empty)' }),
    whereLanguage: z.optional(z.enum(WHERE_LANGUAGES, { error: 'Where language must be lucene or sql' })),
    groupBy: z.optional(z.array(z.string().check(z.trim(), z.minLength(1, { error: 'A group-by field must not be empty' })))),
  })
  .check(
    z.superRefine((series, ctx) => {
      if (series.sourceId === undefined && !series.dataSource) ctx.addIssue({ code: 'custom', path: ['sourceId'], message: 'Source is required' });
      if (aggFnNeedsField(series.aggFn) && !series.field?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['field'], message: `Field is required for ${series.aggFn}` });
      }
      if (series.aggFn === 'quantile' && series.level === undefined) ctx.addIssue({ code: 'custom', path: ['level'], message: 'Level is required for quantile' });
    }),
  );
export type ChartSeries = z.infer<typeof chartSeriesSchema>;

/** Series kinds upstream stores but the editor does not author: kept as they are. */
export const foreignSeriesSchema = z.looseObject({ type: z.enum(FOREIGN_SERIES_TYPES) });
export type ForeignSeries = z.infer<typeof foreignSeriesSchema>;

export const seriesSchema = z.discriminatedUnion('type', [chartSeriesSchema, foreignSeriesSchema], {
  error: 'Chart type must be time or number',
});
export type Series = z.infer<typeof seriesSchema>;

export function isChartSeries(series: Series): series is ChartSeries {
  return series.type === 'time' || series.type === 'number';
}

/** The source a series reads: `sourceId`, or the spec's `dataSource` where only that is given. */
export function seriesSourceId(series: Series): string | undefined {
  if (!isChartSeries(series)) return typeof series.sourceId === 'string' ? series.sourceId : undefined;
  return series.sourceId ?? series.dataSource;
}

const groupByKey = (series: Series) => JSON.stringify(isChartSeries(series) ? (series.groupBy ?? []) : []);

export const tileSchema = z
  .object({
    id: z.optional(resourceIdSchema('Tile id')),
    name: z.string({ error: 'Tile name is required' }).check(
      z.trim(),
      z.minLength(1, { error: 'Tile name is required' }),
      z.maxLength(nameMaxLength, { error: `Tile name must be at most ${nameMaxLength} characters` }),
    ),
    x: gridInt('x', 0, columns - 1),
    y: gridInt('y', 0),
    w: gridInt('w', 1, columns),
    h: gridInt('h', 1),
    asRatio: z.optional(z.boolean({ error: 'As ratio must be true or false' })),
    series: z
      .array(seriesSchema, { error: 'Series must be a list' })
      .check(
        z.minLength(seriesMin, { error: `A tile needs at least ${seriesMin} series` }),
        z.maxLength(seriesMax, { error: `A tile has at most ${seriesMax} series` }),
      ),
  })
  .check(
    z.superRefine((tile, ctx) => {
      // Only when x and w are each in range, so one bad field gives one message.
      if (tile.x >= 0 && tile.x < columns && tile.w >= 1 && tile.w <= columns && tile.x + tile.w > columns) {
        ctx.addIssue({ code: 'custom', path: ['w'], message: `x + w must be at most ${columns}` });
      }
      const [first, ...rest] = tile.series;
      if (!first) return;
      rest.forEach((series, i) => {
        if (series.type !== first.type) ctx.addIssue({ code: 'custom', path: ['series', i + 1, 'type'], message: 'All series must have the same chart type' });
        if (groupByKey(series) !== groupByKey(first)) {
          ctx.addIssue({ code: 'custom', path: ['series', i + 1, 'groupBy'], message: 'All series must have the same group-by fields' });
        }
      });
      if (tile.asRatio && tile.series.length !== 2) ctx.addIssue({ code: 'custom', path: ['asRatio'], message: 'As ratio needs exactly 2 series' });
    }),
  );
export type Tile = z.infer<typeof tileSchema>;
export type TileInput = z.input<typeof tileSchema>;

export const dashboardNameSchema = z.string({ error: 'Name is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'Name is required' }),
  z.maxLength(nameMaxLength, { error: `Name must be at most ${nameMaxLength} characters` }),
);

export const dashboardTagsSchema = z
  .array(
    z.string({ error: 'A tag must be text' }).check(
      z.trim(),
      z.minLength(1, { error: 'A tag must not be empty' }),
      z.maxLength(tagMaxLength, { error: `A tag must be at most ${tagMaxLength} characters` }),
    ),
    { error: 'Tags must be a list' },
  )
  .check(z.maxLength(tagsMax, { error: `At most ${tagsMax} tags` }));

/**
 * Upstream requires a chart series to name the language of its `where`; a series stored without
 * one (seeded, or saved by an older console) was written in the console's search syntax.
 */
function withWhereLanguage<T extends { tiles: Tile[] }>(body: T): T {
  const tiles = body.tiles.map((tile) =>
    tile.series.some((series) => isChartSeries(series) && !series.whereLanguage)
      ? { ...tile, series: tile.series.map((series) => (isChartSeries(series) && !series.whereLanguage ? { ...series, whereLanguage: DEFAULT_WHERE_LANGUAGE } : series)) }
      : tile,
  );
  return { ...body, tiles };
}

/** Create and full-replace body of a dashboard, on both surfaces, as it is sent upstream. */
export const dashboardBodySchema = z.pipe(
  z.object({
    name: dashboardNameSchema,
    tags: z.optional(dashboardTagsSchema),
    tiles: z.array(tileSchema, { error: 'Tiles must be a list' }).check(z.maxLength(tilesMax, { error: `A dashboard has at most ${tilesMax} tiles` })),
  }),
  z.transform(withWhereLanguage),
);
export type DashboardBody = z.infer<typeof dashboardBodySchema>;

/** A stored dashboard as either surface returns it: every tile has its server-assigned id. */
export interface Dashboard {
  id: string;
  name: string;
  tags: string[];
  tiles: (Tile & { id: string })[];
}
