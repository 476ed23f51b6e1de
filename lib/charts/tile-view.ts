import type { NumberFormat } from './number-format';

/**
 * What a tile shows, read from either tile form the upstream carries (the README's upstream
 * facts): the older `series` list or the newer `config`. The renderers and the tile editor work
 * on this one shape; the stored tile itself is never rewritten by reading it. Structural, so the
 * dashboard schema's `Tile` fits without this module depending on it.
 */

export interface StoredTile {
  name: string;
  asRatio?: boolean;
  series?: readonly Record<string, unknown>[];
  config?: Record<string, unknown>;
}

/** One aggregated value a chart queries: a series, or a select item of a config. */
export interface QueryItem {
  sourceId?: string;
  aggFn: string;
  field?: string;
  level?: number;
  where: string;
  whereLanguage?: string;
  alias?: string;
  numberFormat?: NumberFormat;
}

export type ChartDisplay = 'line' | 'stacked_bar' | 'number' | 'table' | 'pie' | 'bar';

export type TileView =
  | {
      kind: 'chart';
      display: ChartDisplay;
      items: QueryItem[];
      groupBy: string[];
      asRatio: boolean;
      numberFormat?: NumberFormat;
      sortOrder?: 'asc' | 'desc';
      /** Most slices or bars drawn (pie, bar); 0 or absent: all. */
      limit?: number;
    }
  | {
      kind: 'heatmap';
      sourceId?: string;
      valueExpression: string;
      where: string;
      whereLanguage?: string;
      scale: 'log' | 'linear';
      numberFormat?: NumberFormat;
    }
  | { kind: 'search'; sourceId?: string; columns: string[]; where: string; whereLanguage?: string }
  | { kind: 'markdown'; content: string }
  /** A tile this console cannot draw: `what` names it for the placeholder, `reason` says why. */
  | { kind: 'unsupported'; what: string; reason: string };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const format = (v: unknown): NumberFormat | undefined => obj(v) as NumberFormat | undefined;

/** `ServiceName, host` (the config form's one expression) → its fields. */
export function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** One query item; the two tile forms differ only in where the source and the field are named. */
function queryItem(item: Record<string, unknown>, sourceId: string | undefined, field: unknown): QueryItem {
  return {
    sourceId,
    aggFn: str(item.aggFn) ?? 'count',
    field: str(field) || undefined,
    level: num(item.level),
    where: str(item.where) ?? '',
    whereLanguage: str(item.whereLanguage),
    alias: str(item.alias) || undefined,
    numberFormat: format(item.numberFormat),
  };
}

const seriesItem = (series: Record<string, unknown>): QueryItem =>
  queryItem(series, str(series.sourceId) ?? str(series.dataSource), series.field);

const selectItem = (item: Record<string, unknown>, sourceId: string | undefined): QueryItem =>
  queryItem(item, sourceId, item.valueExpression);

const unsupported = (what: string, reason: string): TileView => ({ kind: 'unsupported', what, reason });

/**
 * A metric query (a series or select item naming `metricName`) aggregates a metric's points, which
 * the chart query this console draws with does not carry: drawn as events it would show wrong numbers.
 */
const namesMetric = (item: Record<string, unknown>) =>
  typeof item.metricName === 'string' && item.metricName.trim() !== '';
const METRIC_TILE = () =>
  unsupported(
    'A metrics tile',
    'Metric queries are drawn by the observability app; the tile is kept exactly as stored.',
  );

function fromSeries(tile: StoredTile, list: readonly Record<string, unknown>[]): TileView {
  const first = list[0];
  const type = str(first?.type) ?? 'unknown';
  switch (type) {
    case 'time':
    case 'number':
    case 'table': {
      if (list.some(namesMetric)) return METRIC_TILE();
      const display: ChartDisplay =
        type === 'time' ? (first!.displayType === 'stacked_bar' ? 'stacked_bar' : 'line') : type;
      const sortOrder = first!.sortOrder === 'asc' || first!.sortOrder === 'desc' ? first!.sortOrder : undefined;
      return {
        kind: 'chart',
        display,
        items: list.map(seriesItem),
        groupBy:
          type === 'number'
            ? []
            : ((first!.groupBy as string[] | undefined) ?? []).filter((g) => typeof g === 'string'),
        asRatio: Boolean(tile.asRatio),
        numberFormat: format(first!.numberFormat),
        ...(sortOrder ? { sortOrder } : {}),
      };
    }
    case 'search':
      return {
        kind: 'search',
        sourceId: str(first!.sourceId),
        columns: ((first!.fields as unknown[] | undefined) ?? []).filter((f): f is string => typeof f === 'string'),
        where: str(first!.where) ?? '',
        whereLanguage: str(first!.whereLanguage),
      };
    case 'markdown':
      return { kind: 'markdown', content: str(first!.content) ?? '' };
    default:
      return unsupported(
        `A “${type}” tile`,
        'This console does not know this kind of tile yet; it is kept exactly as stored.',
      );
  }
}

/** `series_0 DESC` or `count() asc` → the direction; absent when the text names none. */
function orderDirection(orderBy: string | undefined): 'asc' | 'desc' | undefined {
  const match = /\b(asc|desc)\s*$/i.exec(orderBy ?? '');
  return match ? (match[1]!.toLowerCase() as 'asc' | 'desc') : undefined;
}

function fromConfig(config: Record<string, unknown>): TileView {
  const displayType = str(config.displayType) ?? 'unknown';
  if (config.configType === 'sql')
    return unsupported(
      'A SQL query tile',
      'Its raw SQL runs in the observability app only; it is kept exactly as stored.',
    );
  const sourceId = str(config.sourceId);
  const select = Array.isArray(config.select) ? (config.select as unknown[]).map((s) => obj(s) ?? {}) : [];
  switch (displayType) {
    case 'line':
    case 'stacked_bar':
    case 'number':
    case 'table':
    case 'pie':
    case 'bar': {
      if (Array.isArray(config.formulas) && config.formulas.length > 0) {
        return unsupported(
          'A formula tile',
          'Formulas are computed by the observability app; the tile is kept exactly as stored.',
        );
      }
      if (select.some(namesMetric)) return METRIC_TILE();
      const items = select.map((item) => selectItem(item, sourceId));
      const sortOrder = displayType === 'table' ? orderDirection(str(config.orderBy)) : undefined;
      const limit = num(config.limit);
      return {
        kind: 'chart',
        display: displayType,
        items: displayType === 'number' ? items.slice(0, 1) : items,
        groupBy: displayType === 'number' ? [] : splitList(str(config.groupBy)),
        asRatio: Boolean(config.asRatio),
        numberFormat: format(config.numberFormat),
        ...(sortOrder ? { sortOrder } : {}),
        ...(limit !== undefined ? { limit } : {}),
      };
    }
    case 'heatmap': {
      const item = select[0] ?? {};
      return {
        kind: 'heatmap',
        sourceId,
        valueExpression: str(item.valueExpression) ?? '',
        where: str(config.where) ?? '',
        whereLanguage: str(config.whereLanguage),
        scale: item.heatmapScaleType === 'linear' ? 'linear' : 'log',
        numberFormat: format(config.numberFormat),
      };
    }
    case 'search':
      return {
        kind: 'search',
        sourceId,
        columns: splitList(str(config.select)),
        where: str(config.where) ?? '',
        whereLanguage: str(config.whereLanguage),
      };
    case 'markdown':
      return { kind: 'markdown', content: str(config.markdown) ?? '' };
    case 'event_patterns':
      return unsupported(
        'An event patterns tile',
        'Pattern mining runs in the observability app only; the tile is kept exactly as stored.',
      );
    default:
      return unsupported(
        `A “${displayType}” tile`,
        'This console does not know this kind of tile yet; it is kept exactly as stored.',
      );
  }
}

export function tileView(tile: StoredTile): TileView {
  if (tile.config) return fromConfig(tile.config);
  if (tile.series && tile.series.length > 0) return fromSeries(tile, tile.series);
  return unsupported('An empty tile', 'It has neither series nor a configuration.');
}

/** Tiles whose query an alert can watch upstream (line, stacked bar and number tiles). */
export function canAlertOn(view: TileView): boolean {
  return (
    view.kind === 'chart' && (view.display === 'line' || view.display === 'stacked_bar' || view.display === 'number')
  );
}

/** The number format a value of item `index` is shown with: its own, else the tile's. */
export function itemFormat(view: Extract<TileView, { kind: 'chart' }>, index: number): NumberFormat | undefined {
  return view.items[index]?.numberFormat ?? view.numberFormat;
}
