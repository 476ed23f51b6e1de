import * as z from 'zod/mini';
import {
  AGG_FNS,
  aggFnNeedsField,
  DASHBOARD_LIMITS,
  DEFAULT_WHERE_LANGUAGE,
  EDITOR_AGG_FNS,
  isChartSeries,
  PERCENTILE_LEVELS,
  type PercentileChoice,
  SERIES_TYPES,
  type ChartSeries,
  type SeriesType,
  type Tile,
} from '@/lib/schemas/observability/dashboard';
import { parseTagsText } from '../dashboard-list-filters';

/**
 * The tile editor's form: the tile's content in fields a person fills in (group-by typed once
 * for all series, as one comma-separated line). Checked with the same rules the server applies
 * to a Tile, then turned into one.
 */
const { seriesMin, seriesMax, nameMaxLength } = DASHBOARD_LIMITS;

/** The form's aggregation: a named percentile, or any aggregation a stored series may have. */
const FORM_AGG_FNS = [...new Set([...EDITOR_AGG_FNS, ...AGG_FNS])] as [string, ...string[]];

function isPercentileChoice(aggFn: string): aggFn is PercentileChoice {
  return aggFn in PERCENTILE_LEVELS;
}

/** `quantile` at 0.95 is shown as the editor's "95th percentile"; other levels stay a quantile. */
function formAggFn(aggFn: string, level: number | undefined): string {
  if (aggFn !== 'quantile') return aggFn;
  const named = Object.entries(PERCENTILE_LEVELS).find(([, value]) => value === level);
  return named ? named[0] : aggFn;
}

const seriesFormSchema = z
  .object({
    sourceId: z.string().check(z.minLength(1, { error: 'Choose a source' })),
    aggFn: z.enum(FORM_AGG_FNS, { error: 'Choose an aggregation' }),
    field: z.string(),
    where: z.string(),
    level: z.optional(z.number()),
  })
  .check(
    z.superRefine((series, ctx) => {
      if (aggFnNeedsField(series.aggFn) && !series.field.trim()) {
        ctx.addIssue({ code: 'custom', path: ['field'], message: `Field is required for ${series.aggFn}`, input: series.field });
      }
    }),
  );

export const tileFormSchema = z
  .object({
    name: z.string().check(
      z.trim(),
      z.minLength(1, { error: 'Tile name is required' }),
      z.maxLength(nameMaxLength, { error: `Tile name must be at most ${nameMaxLength} characters` }),
    ),
    type: z.enum(SERIES_TYPES, { error: 'Choose a chart type' }),
    groupBy: z.string(),
    asRatio: z.boolean(),
    series: z
      .array(seriesFormSchema)
      .check(
        z.minLength(seriesMin, { error: `A tile needs at least ${seriesMin} series` }),
        z.maxLength(seriesMax, { error: `A tile has at most ${seriesMax} series` }),
      ),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.asRatio && form.series.length !== 2) ctx.addIssue({ code: 'custom', path: ['asRatio'], message: 'As ratio needs exactly 2 series', input: form.asRatio });
    }),
  );

export type TileFormValues = z.input<typeof tileFormSchema>;
export type TileFormSeries = TileFormValues['series'][number];

export const TILE_FORM_FIELDS = ['name', 'type', 'groupBy', 'asRatio', 'series'] as const;

export function emptySeries(sourceId = ''): TileFormSeries {
  return { sourceId, aggFn: 'count', field: '', where: '' };
}

export function tileToFormValues(tile: Pick<Tile, 'name' | 'series' | 'asRatio'> | null, defaultSourceId = ''): TileFormValues {
  const chartSeries = (tile?.series ?? []).filter(isChartSeries);
  if (!tile || chartSeries.length === 0) return { name: '', type: 'time', groupBy: '', asRatio: false, series: [emptySeries(defaultSourceId)] };
  return {
    name: tile.name,
    type: chartSeries[0]!.type,
    groupBy: (chartSeries[0]!.groupBy ?? []).join(', '),
    asRatio: tile.asRatio ?? false,
    series: chartSeries.map((s) => ({
      sourceId: s.sourceId ?? s.dataSource ?? '',
      aggFn: formAggFn(s.aggFn, s.level),
      field: s.field ?? '',
      where: s.where,
      ...(s.level !== undefined ? { level: s.level } : {}),
    })),
  };
}

/**
 * The tile content from the form. Fields of the original series the form does not show (alias,
 * number format…) are kept; `field` is left out where the aggregation takes none.
 */
export function formValuesToTileContent(values: TileFormValues, original?: Pick<Tile, 'series'>): Pick<Tile, 'name' | 'asRatio' | 'series'> {
  const groupBy = parseTagsText(values.groupBy);
  const type: SeriesType = values.type;
  const series = values.series.map((s, i): ChartSeries => {
    const previous = original?.series[i];
    const { field: _oldField, level: _oldLevel, dataSource: _oldSource, ...kept } = previous && isChartSeries(previous) ? previous : ({} as Partial<ChartSeries>);
    // A named percentile is stored as the contract's only percentile form: quantile with a level.
    const level = isPercentileChoice(s.aggFn) ? PERCENTILE_LEVELS[s.aggFn] : s.aggFn === 'quantile' ? s.level : undefined;
    const aggFn = (isPercentileChoice(s.aggFn) ? 'quantile' : s.aggFn) as ChartSeries['aggFn'];
    return {
      ...kept,
      type,
      sourceId: s.sourceId,
      aggFn,
      ...(aggFnNeedsField(aggFn) ? { field: s.field.trim() } : {}),
      ...(level !== undefined ? { level } : {}),
      where: s.where.trim(),
      whereLanguage: kept.whereLanguage ?? DEFAULT_WHERE_LANGUAGE,
      groupBy,
    };
  });
  return { name: values.name.trim(), asRatio: values.asRatio && values.series.length === 2, series };
}
