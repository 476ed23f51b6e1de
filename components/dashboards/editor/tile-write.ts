import { unitFormat, type NumberFormat } from '@/lib/charts/number-format';
import { splitList } from '@/lib/charts/tile-view';
import { aggFnNeedsField, type Tile } from '@/lib/schemas/observability/dashboard';
import type { DisplayType } from '@/lib/schemas/observability/tile-kinds';
import {
  allowsRatio,
  needsConfigForm,
  PERCENTILES,
  usesGroupBy,
  type Percentile,
  type TileFormSeries,
  type TileFormValues,
} from './tile-form';

/**
 * The stored tile from the editor's form. A tile is written back in the form it came in (a
 * `series` list, or a `config`); pie, bar and heatmap tiles only exist as a config. Everything
 * the form does not show — the tile's other fields, a series' alias or metric name, a config's
 * colours or link-outs — is carried over as it was, so an edit never drops what another client
 * set. Returns the tile's content fields; position and id stay the caller's.
 */

type Json = Record<string, unknown>;
export type TileContent = Pick<Tile, 'name' | 'asRatio' | 'series' | 'config'>;

const DEFAULT_LANGUAGE = 'lucene';

/** `p95` → quantile 0.95: the only percentile form upstream knows. */
function aggregate(series: TileFormSeries): { aggFn: string; level?: number } {
  const named = PERCENTILES[series.aggFn as Percentile];
  if (named !== undefined) return { aggFn: 'quantile', level: named };
  return series.aggFn === 'quantile' && series.level !== undefined
    ? { aggFn: 'quantile', level: series.level }
    : { aggFn: series.aggFn };
}

/** The stored number format for the chosen unit: `custom` keeps what was there, `auto` removes it. */
function numberFormat(values: TileFormValues, previous: unknown): NumberFormat | undefined {
  if (values.unit === 'custom') return previous as NumberFormat | undefined;
  return values.unit === 'auto' ? undefined : unitFormat(values.unit);
}

function withOptional(target: Json, key: string, value: unknown): Json {
  const next = { ...target };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

function without(target: Json, ...keys: string[]): Json {
  const next = { ...target };
  for (const key of keys) delete next[key];
  return next;
}

const QUERY_SERIES_TYPE: Partial<Record<DisplayType, 'time' | 'number' | 'table'>> = {
  line: 'time',
  stacked_bar: 'time',
  number: 'number',
  table: 'table',
};

function writeSeries(values: TileFormValues, original: Tile | null): TileContent {
  const previous = (original?.series ?? []) as Json[];
  const name = values.name.trim();
  if (values.display === 'markdown') {
    const kept = previous[0]?.type === 'markdown' ? previous[0] : {};
    return { name, series: [{ ...kept, type: 'markdown', content: values.markdown }] };
  }
  if (values.display === 'search') {
    const kept = previous[0]?.type === 'search' ? previous[0] : {};
    const first = values.series[0]!;
    return {
      name,
      series: [
        {
          ...kept,
          type: 'search',
          sourceId: first.sourceId,
          fields: splitList(values.columns),
          where: first.where.trim(),
          whereLanguage: (kept.whereLanguage as string | undefined) ?? DEFAULT_LANGUAGE,
        },
      ],
    };
  }
  const type = QUERY_SERIES_TYPE[values.display]!;
  const groupBy = splitList(values.groupBy);
  const format = numberFormat(values, previous[0]?.numberFormat);
  const series = values.series.map((s, i): Json => {
    const prev = previous[i] && ['time', 'number', 'table'].includes(String(previous[i]!.type)) ? previous[i]! : {};
    let next: Json = without(
      prev,
      'dataSource',
      'field',
      'level',
      'displayType',
      'sortOrder',
      'groupBy',
      'numberFormat',
    );
    next = {
      ...next,
      type,
      sourceId: s.sourceId,
      ...aggregate(s),
      where: s.where.trim(),
      whereLanguage: (prev.whereLanguage as string | undefined) ?? DEFAULT_LANGUAGE,
    };
    if (aggFnNeedsField(s.aggFn)) next.field = s.field.trim();
    if (type !== 'number') next.groupBy = groupBy;
    if (type === 'time' && (values.display === 'stacked_bar' || prev.displayType !== undefined))
      next.displayType = values.display;
    if (type === 'table') next.sortOrder = values.sortOrder;
    return withOptional(next, 'numberFormat', format);
  });
  const asRatio = allowsRatio(values.display) && values.asRatio && series.length === 2;
  return { name, asRatio, series: series as Tile['series'] };
}

/** `series_0 DESC` kept with its expression when only the direction changed. */
function orderBy(previous: unknown, direction: 'asc' | 'desc'): string {
  const text = typeof previous === 'string' ? previous.trim() : '';
  const expression = text.replace(/\s+(asc|desc)\s*$/i, '') || 'series_0';
  return `${expression} ${direction.toUpperCase()}`;
}

function writeConfig(values: TileFormValues, original: Tile | null): TileContent {
  const name = values.name.trim();
  const stored = (original?.config ?? {}) as Json;
  const base: Json = stored.displayType === values.display && stored.configType === undefined ? stored : {};
  const first = values.series[0];
  switch (values.display) {
    case 'markdown':
      return { name, config: { ...base, displayType: 'markdown', markdown: values.markdown } as Tile['config'] };
    case 'search':
      return {
        name,
        config: {
          ...base,
          displayType: 'search',
          sourceId: first!.sourceId,
          select: splitList(values.columns).join(', '),
          where: first!.where.trim(),
          whereLanguage: (base.whereLanguage as string | undefined) ?? DEFAULT_LANGUAGE,
        } as Tile['config'],
      };
    case 'heatmap': {
      const item = ((base.select as Json[] | undefined) ?? [])[0] ?? {};
      const config: Json = {
        ...base,
        displayType: 'heatmap',
        sourceId: first!.sourceId,
        select: [{ ...item, valueExpression: first!.field.trim(), heatmapScaleType: values.scale }],
        where: first!.where.trim(),
        whereLanguage: (base.whereLanguage as string | undefined) ?? DEFAULT_LANGUAGE,
      };
      return {
        name,
        config: withOptional(config, 'numberFormat', numberFormat(values, base.numberFormat)) as Tile['config'],
      };
    }
    default: {
      // Select items keep their alias and metric fields across a change of display type.
      const previousItems =
        stored.configType === undefined && Array.isArray(stored.select) ? (stored.select as Json[]) : [];
      const select = values.series.map((s, i) => {
        let item: Json = without(previousItems[i] ?? {}, 'valueExpression', 'level');
        item = {
          ...item,
          ...aggregate(s),
          where: s.where.trim(),
          whereLanguage: (item.whereLanguage as string | undefined) ?? DEFAULT_LANGUAGE,
        };
        if (aggFnNeedsField(s.aggFn)) item.valueExpression = s.field.trim();
        return item;
      });
      let config: Json = { ...base, displayType: values.display, sourceId: first!.sourceId, select };
      config = withOptional(
        config,
        'groupBy',
        usesGroupBy(values.display) && values.groupBy.trim() ? splitList(values.groupBy).join(', ') : undefined,
      );
      config = withOptional(
        config,
        'asRatio',
        allowsRatio(values.display) && values.display !== 'number' && values.asRatio && select.length === 2
          ? true
          : undefined,
      );
      config = withOptional(config, 'numberFormat', numberFormat(values, base.numberFormat));
      if (values.display === 'table') config = { ...config, orderBy: orderBy(base.orderBy, values.sortOrder) };
      if (values.display === 'pie' || values.display === 'bar')
        config = withOptional(config, 'limit', values.limit.trim() ? Number(values.limit) : undefined);
      return { name, config: config as Tile['config'] };
    }
  }
}

/**
 * The tile after an edit: `original`'s other fields (id, position, container, unknown ones) as
 * they were, its content replaced. Without an original, the content of a new tile.
 */
export function writeTile<T extends Partial<Tile>>(original: T | null, values: TileFormValues): T & TileContent {
  const useConfig = needsConfigForm(values.display, original as Tile | null);
  const content = useConfig
    ? writeConfig(values, original as Tile | null)
    : writeSeries(values, original as Tile | null);
  const rest = without((original ?? {}) as Json, 'series', 'config', 'asRatio') as T;
  const tile = { ...rest, ...content } as T & TileContent;
  // `asRatio: false` is written only where the tile already had the field.
  if (useConfig || (!content.asRatio && original?.asRatio === undefined)) delete (tile as Json).asRatio;
  return tile;
}

/** Fields a tile carries that the editor neither shows nor changes: listed as "kept as stored". */
const TILE_FIELDS = new Set(['id', 'name', 'x', 'y', 'w', 'h', 'asRatio', 'series', 'config', 'key']);
const SERIES_FIELDS = new Set([
  'type',
  'sourceId',
  'dataSource',
  'aggFn',
  'field',
  'level',
  'where',
  'whereLanguage',
  'groupBy',
  'displayType',
  'sortOrder',
  'numberFormat',
  'fields',
  'content',
]);
const CONFIG_FIELDS = new Set([
  'displayType',
  'sourceId',
  'select',
  'groupBy',
  'asRatio',
  'numberFormat',
  'orderBy',
  'limit',
  'where',
  'whereLanguage',
  'markdown',
]);
const SELECT_FIELDS = new Set(['aggFn', 'valueExpression', 'level', 'where', 'whereLanguage', 'heatmapScaleType']);

export function keptFields(tile: Partial<Tile> | null): string[] {
  if (!tile) return [];
  const kept = new Set(Object.keys(tile).filter((key) => !TILE_FIELDS.has(key)));
  for (const series of (tile.series ?? []) as Json[])
    for (const key of Object.keys(series)) if (!SERIES_FIELDS.has(key)) kept.add(`series.${key}`);
  const config = tile.config as Json | undefined;
  if (config) {
    for (const key of Object.keys(config)) if (!CONFIG_FIELDS.has(key)) kept.add(`config.${key}`);
    for (const item of Array.isArray(config.select) ? (config.select as Json[]) : [])
      for (const key of Object.keys(item)) if (!SELECT_FIELDS.has(key)) kept.add(`config.select.${key}`);
  }
  return [...kept].sort();
}
