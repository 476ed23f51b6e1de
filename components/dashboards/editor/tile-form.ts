import * as z from 'zod/mini';
import { UNIT_CHOICES, unitOfFormat, type UnitChoice } from '@/lib/charts/number-format';
import { splitList, tileView, type QueryItem } from '@/lib/charts/tile-view';
import {
  aggFnNeedsField,
  AGG_FNS,
  DASHBOARD_LIMITS,
  EDITOR_AGG_FNS,
  PERCENTILE_LEVELS,
  type PercentileChoice,
  type Tile,
} from '@/lib/schemas/observability/dashboard';
import {
  CONFIG_ONLY_DISPLAY_TYPES,
  DISPLAY_TYPES,
  MARKDOWN_MAX_LENGTH,
  type DisplayType,
} from '@/lib/schemas/observability/tile-kinds';
import { formatNumber } from '@/lib/format/number';

/**
 * The tile editor's form: a tile's content in fields a person fills in, for every display type
 * (group-by typed once for all series, as one comma-separated line). Checked here, turned into
 * the stored tile by tile-write.ts.
 */
const { seriesMin, seriesMax, nameMaxLength } = DASHBOARD_LIMITS;

/** Percentiles the editor offers by name; stored as `quantile` with this `level`. */
export const PERCENTILES = PERCENTILE_LEVELS;
export type Percentile = PercentileChoice;

/** Aggregations of a form series: the editor's, and any other stored one (kept, not offered). */
const FORM_AGG_FNS = [...new Set([...EDITOR_AGG_FNS, ...AGG_FNS])] as [string, ...string[]];

const QUERY_DISPLAYS: readonly DisplayType[] = ['line', 'stacked_bar', 'number', 'table', 'pie', 'bar'];
const GROUPED_ONE_VALUE: readonly DisplayType[] = ['pie', 'bar'];
/** Displays that draw one series (number unless it is a ratio of two). */
const ONE_SERIES: readonly DisplayType[] = ['pie', 'bar', 'heatmap', 'search', 'markdown'];

export function usesQueries(display: DisplayType): boolean {
  return QUERY_DISPLAYS.includes(display);
}
export function usesGroupBy(display: DisplayType): boolean {
  return display !== 'number' && usesQueries(display);
}
export function allowsRatio(display: DisplayType): boolean {
  return display === 'line' || display === 'stacked_bar' || display === 'number' || display === 'table';
}
export function maxSeriesOf(display: DisplayType): number {
  return ONE_SERIES.includes(display) ? 1 : seriesMax;
}

const seriesFormSchema = z.object({
  sourceId: z.string(),
  aggFn: z.enum(FORM_AGG_FNS, { error: 'Choose an aggregation' }),
  field: z.string(),
  where: z.string(),
  level: z.optional(z.number()),
});

export const tileFormSchema = z
  .object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'Tile name is required' }),
        z.maxLength(nameMaxLength, { error: `Tile name must be at most ${nameMaxLength} characters` }),
      ),
    display: z.enum(DISPLAY_TYPES, { error: 'Choose what the tile shows' }),
    groupBy: z.string(),
    asRatio: z.boolean(),
    unit: z.enum([...UNIT_CHOICES, 'custom'], { error: 'Choose a unit' }),
    sortOrder: z.enum(['desc', 'asc']),
    limit: z.string(),
    scale: z.enum(['log', 'linear']),
    columns: z.string(),
    markdown: z.string(),
    /** Set when the tile is (or becomes) a config tile, whose series share one source. */
    configForm: z.boolean(),
    series: z
      .array(seriesFormSchema)
      .check(z.maxLength(seriesMax, { error: `A tile has at most ${seriesMax} series` })),
  })
  .check(
    z.superRefine((form, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path, message, input: undefined });
      if (form.display === 'markdown') {
        const max = form.configForm ? MARKDOWN_MAX_LENGTH.config : MARKDOWN_MAX_LENGTH.series;
        if (form.markdown.length > max) issue(['markdown'], `Text must be at most ${formatNumber(max)} characters`);
        return;
      }
      if (form.series.length < seriesMin) issue(['series'], `A tile needs at least ${seriesMin} series`);
      const max = maxSeriesOf(form.display) + (form.display === 'number' && form.asRatio ? 1 : 0);
      if (form.series.length > max)
        issue(
          ['series'],
          `${form.display === 'number' ? 'A number tile shows 1 series (2 as a ratio)' : 'This display shows 1 series'}`,
        );
      form.series.forEach((series, i) => {
        if (!series.sourceId) issue(['series', i, 'sourceId'], 'Choose a source');
        if (form.display === 'heatmap' && !series.field.trim())
          issue(['series', i, 'field'], 'The value to spread is required, e.g. Duration');
        if (usesQueries(form.display) && aggFnNeedsField(series.aggFn) && !series.field.trim())
          issue(['series', i, 'field'], `Field is required for ${series.aggFn}`);
        if (form.configForm && i > 0 && series.sourceId !== form.series[0]!.sourceId)
          issue(
            ['series', i, 'sourceId'],
            'Every series of this tile reads the same source (the first series’ source)',
          );
      });
      if (form.asRatio && form.series.length !== 2) issue(['asRatio'], 'As ratio needs exactly 2 series');
      if (GROUPED_ONE_VALUE.includes(form.display) && splitList(form.groupBy).length === 0)
        issue(['groupBy'], 'Group by is required: each group is a slice or bar');
      if (form.limit.trim() && !/^\d+$/.test(form.limit.trim()))
        issue(['limit'], 'Limit must be a whole number (0 for all)');
    }),
  );

export type TileFormValues = z.input<typeof tileFormSchema>;
export type TileFormSeries = TileFormValues['series'][number];

export function emptySeries(sourceId = ''): TileFormSeries {
  return { sourceId, aggFn: 'count', field: '', where: '' };
}

/** `quantile` at a named level reads as that percentile; other levels stay `quantile`. */
function formAggFn(item: QueryItem): Pick<TileFormSeries, 'aggFn' | 'level'> {
  if (item.aggFn === 'quantile' && item.level !== undefined) {
    const named = Object.entries(PERCENTILES).find(([, level]) => level === item.level)?.[0];
    return named ? { aggFn: named } : { aggFn: 'quantile', level: item.level };
  }
  return { aggFn: item.aggFn };
}

const formSeries = (item: QueryItem): TileFormSeries => ({
  sourceId: item.sourceId ?? '',
  field: item.field ?? '',
  where: item.where,
  ...formAggFn(item),
});

export function newTileFormValues(defaultSourceId = ''): TileFormValues {
  return {
    name: '',
    display: 'line',
    groupBy: '',
    asRatio: false,
    unit: 'auto',
    sortOrder: 'desc',
    limit: '',
    scale: 'log',
    columns: '',
    markdown: '',
    configForm: false,
    series: [emptySeries(defaultSourceId)],
  };
}

/** The form of a stored tile, in either form; null when this console cannot edit it. */
export function tileToFormValues(
  tile: Pick<Tile, 'name' | 'series' | 'asRatio' | 'config'> | null,
  defaultSourceId = '',
): TileFormValues | null {
  const blank = newTileFormValues(defaultSourceId);
  if (!tile) return blank;
  const view = tileView(tile);
  const base = { ...blank, name: tile.name, configForm: tile.config !== undefined };
  switch (view.kind) {
    case 'unsupported':
      return null;
    case 'markdown':
      return { ...base, display: 'markdown', markdown: view.content, series: [] };
    case 'search':
      return {
        ...base,
        display: 'search',
        columns: view.columns.join(', '),
        series: [{ ...emptySeries(view.sourceId ?? ''), where: view.where }],
      };
    case 'heatmap':
      return {
        ...base,
        display: 'heatmap',
        scale: view.scale,
        series: [{ ...emptySeries(view.sourceId ?? ''), field: view.valueExpression, where: view.where }],
      };
    case 'chart': {
      const unit = unitOfFormat(view.numberFormat);
      return {
        ...base,
        display: view.display,
        groupBy: view.groupBy.join(', '),
        asRatio: view.asRatio,
        unit: unit === 'auto' && view.items[0]?.numberFormat ? unitOfFormat(view.items[0].numberFormat) : unit,
        sortOrder: view.sortOrder ?? 'desc',
        limit: view.limit !== undefined ? String(view.limit) : '',
        series: view.items.map(formSeries),
      };
    }
  }
}

/** Whether a display type has to be written in the config form (pie, bar and heatmap only exist there). */
export function needsConfigForm(display: DisplayType, tile: Pick<Tile, 'config'> | null): boolean {
  return tile?.config !== undefined || CONFIG_ONLY_DISPLAY_TYPES.includes(display);
}

export type { UnitChoice };
