import * as z from 'zod/mini';
import {
  AGG_FNS,
  aggFnNeedsField,
  DASHBOARD_LIMITS,
  isChartSeries,
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

const seriesFormSchema = z
  .object({
    sourceId: z.string().check(z.minLength(1, { error: 'Choose a source' })),
    aggFn: z.enum(AGG_FNS, { error: 'Choose an aggregation' }),
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
      aggFn: s.aggFn,
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
    return {
      ...kept,
      type,
      sourceId: s.sourceId,
      aggFn: s.aggFn,
      ...(aggFnNeedsField(s.aggFn) ? { field: s.field.trim() } : {}),
      ...(s.aggFn === 'quantile' && s.level !== undefined ? { level: s.level } : {}),
      where: s.where.trim(),
      groupBy,
    };
  });
  return { name: values.name.trim(), asRatio: values.asRatio && values.series.length === 2, series };
}
