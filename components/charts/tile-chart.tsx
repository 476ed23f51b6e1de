'use client';

/**
 * `TileChart({ view, range, scope?, width?, onDrill? })`: the chart of one open-source dashboard
 * tile whose data comes from `POST /api/observability/v2/charts/series`.
 *   view   the tile read as a chart (lib/charts/tile-view.ts): line, stacked bars, number, table,
 *          pie or bar, its query items, group-by, ratio and number formats
 *   range  `{ startMs, endMs, granularity }` from useTimeRange(); with `relativeMs`/`refreshMs`
 *          a range ending now refreshes live
 *   scope  the dashboard's filter and drop-down values, applied to every query
 *   onDrill called with a group field and value when a legend line, slice, bar or row is chosen
 * Fetches once the tile is on screen. Each display draws with its own lazily loaded part, so a
 * dashboard of lines never loads the table or the pie. States: loading, empty, error (the
 * upstream's message and a retry), partial (names the series without data). Equal props do not
 * re-render it.
 */
import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadedLater } from '@/components/ui/loaded-later';
import { loadedAfterRecharts } from './recharts-stages';
import { useChartSeriesQuery, type ChartSeriesData } from '@/lib/api/charts/use-chart-series-query';
import { EMPTY_SCOPE, scopeKey, type DashboardScope } from '@/lib/charts/dashboard-scope';
import { granularityMs } from '@/lib/charts/granularity';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { buildChartQuery, type BuiltChartQuery, type ChartView } from '@/lib/charts/build-chart-query';
import { itemFormatter, seriesLabel } from './chart-format';
import { ChartLegend } from './chart-legend';
import { groupValues, topGroups } from './group-values';
import { prepareSeries, type PreparedSeries } from './prepare';
import { combineNumber, fillModeFor, ratioRows, seriesWithoutData } from './tile-values';
import { useElementWidth } from './use-element-width';
import { useInView } from './use-in-view';
import { useTileDrawing } from './use-own-task';
import { ChartFailure, ChartLoading } from './chart-states';
import styles from './charts.module.css';

const loadingPlot = <div className={styles.skeleton} aria-hidden="true" />;
const ChartLines = loadedAfterRecharts(() => import('./chart-lines').then((m) => m.ChartLines), loadingPlot);
const ChartGroups = loadedAfterRecharts(() => import('./chart-groups').then((m) => m.ChartGroups), loadingPlot);
const DataTable = loadedLater(() => import('./data-table').then((m) => m.DataTable), loadingPlot);

/** The code each display draws with (a number needs none). */
const DISPLAY_CODE: Partial<Record<ChartView['display'], () => Promise<unknown>>> = {
  line: ChartLines.preload,
  stacked_bar: ChartLines.preload,
  pie: ChartGroups.preload,
  bar: ChartGroups.preload,
  table: DataTable.preload,
};

/** The displays drawn with code of their own. */
export const CHART_DISPLAYS = Object.keys(DISPLAY_CODE) as Array<ChartView['display']>;

/** Starts loading the code a display draws with, before a tile of it is seen (a dashboard's first screen). */
export function preloadDisplayCode(display: ChartView['display']): void {
  void DISPLAY_CODE[display]?.().catch(() => {}); // a failed load is tried again when the tile draws
}

export interface TileChartProps {
  view: ChartView;
  range: ChartRange;
  scope?: DashboardScope;
  width?: number;
  onDrill?: (field: string, value: string) => void;
}

/** Room the y axis takes from the plot, so the reduction matches the pixels the lines get. */
const Y_AXIS_PX = 64;
const DEFAULT_WIDTH = 480;

function TileChartImpl({ view, range, scope = EMPTY_SCOPE, width, onDrill }: TileChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const { visible, seen } = useInView(frame);
  const measured = useElementWidth(frame, width ?? DEFAULT_WIDTH);
  const built = useMemo(() => buildChartQuery(view, range, scope), [view, range, scope]);
  const chart = useChartSeriesQuery(built.ok ? built.query : null, range, { enabled: seen, visible });
  // Tiles that answer together do not freeze the page while they draw: one per task.
  const drawn = useTileDrawing(seen, chart.data !== undefined, DISPLAY_CODE[view.display]);

  let body: ReactNode;
  if (!built.ok) {
    body = <p className={styles.state}>{built.reason}</p>;
  } else if (chart.isPending) {
    body = <ChartLoading label="Loading chart…" />;
  } else if (chart.isError && !chart.isPlaceholderData) {
    body = <ChartFailure error={chart.error} onRetry={() => chart.refetch()} retrying={chart.isFetching} />;
  } else if (!drawn) {
    body = <ChartLoading label="Loading chart…" />;
  } else {
    body = (
      <>
        <ChartBody
          view={view}
          built={built}
          data={chart.data!}
          widthPx={Math.max(1, (width ?? measured) - Y_AXIS_PX)}
          stale={chart.isPlaceholderData}
          onDrill={onDrill}
        />
        {built.notes.map((note) => (
          <p key={note} className={styles.note}>
            {note}
          </p>
        ))}
      </>
    );
  }

  return (
    <div
      ref={frame}
      className={styles.tileChart}
      aria-busy={chart.isFetching || undefined}
      data-testid="tile-chart"
      data-display={view.display}
    >
      {body}
    </div>
  );
}

type Built = Extract<BuiltChartQuery, { ok: true }>;

interface BodyProps {
  view: ChartView;
  built: Built;
  data: ChartSeriesData;
  widthPx: number;
  stale: boolean;
  onDrill?: (field: string, value: string) => void;
}

function ChartBody({ view, built, data, widthPx, stale, onDrill }: BodyProps) {
  const ratio = view.asRatio && built.query.series.length >= 2;
  const seriesCount = ratio ? 1 : built.query.series.length;
  const timeRows = built.display === 'line' || built.display === 'stacked_bar' || built.display === 'number';
  const rows = useMemo(
    () => (ratio && timeRows ? ratioRows(data.rows, fillModeFor(built.aggFns[0] ?? 'count')) : data.rows),
    [ratio, timeRows, data.rows, built.aggFns],
  );
  const missing = useMemo(() => (timeRows ? seriesWithoutData(rows, seriesCount) : []), [timeRows, rows, seriesCount]);
  const labels = ratio
    ? [`${seriesLabel(view.items[0], 0)} / ${seriesLabel(view.items[1], 1)}`]
    : view.items.map((s, i) => seriesLabel(s, i));

  if (rows.length === 0 || missing.length === seriesCount) return <p className={styles.state}>No data in this range</p>;
  const partial =
    missing.length > 0 ? (
      <p className={styles.note}>No data in this range for {missing.map((i) => labels[i]).join(', ')}</p>
    ) : null;
  const stateClass = stale ? styles.stale : '';

  switch (built.display) {
    case 'number': {
      const { value, approximate } = combineNumber(rows, 0, ratio ? 'avg' : (built.aggFns[0] ?? 'count'));
      return (
        <div className={`${styles.number} ${stateClass}`}>
          <span className={styles.bigValue}>
            {approximate ? '≈ ' : ''}
            {itemFormatter(view, 0, ratio).full(value)}
          </span>
          <span className={styles.note}>{labels[0]}</span>
          {partial}
        </div>
      );
    }
    case 'table':
    case 'pie':
    case 'bar':
      return (
        <Groups
          view={view}
          built={built}
          rows={rows}
          labels={labels}
          ratio={ratio}
          seriesCount={built.query.series.length}
          stale={stale}
          onDrill={onDrill}
        />
      );
    default:
      return (
        <TimeSeries
          view={view}
          rows={rows}
          data={data}
          built={built}
          seriesCount={seriesCount}
          labels={labels}
          ratio={ratio}
          widthPx={widthPx}
          stale={stale}
          partial={partial}
          onDrill={onDrill}
        />
      );
  }
}

function Groups({
  view,
  built,
  rows,
  labels,
  ratio,
  seriesCount,
  stale,
  onDrill,
}: {
  view: ChartView;
  built: Built;
  rows: ChartSeriesData['rows'];
  labels: string[];
  ratio: boolean;
  seriesCount: number;
  stale: boolean;
  onDrill?: (field: string, value: string) => void;
}) {
  const groups = useMemo(
    () => groupValues(rows, seriesCount, built.aggFns, ratio),
    [rows, seriesCount, built.aggFns, ratio],
  );
  const drillTo = (group: readonly string[]) => {
    const field = view.groupBy[0];
    if (onDrill && field && group[0] !== undefined) onDrill(field, group[0]);
  };
  if (built.display === 'table') {
    const valueColumns = (ratio ? [labels[0]!] : labels).map((label, i) => {
      const format = itemFormatter(view, i, ratio);
      return {
        key: `v${i}`,
        label,
        numeric: true,
        format: (v: unknown) => format.full(typeof v === 'number' ? v : null),
      };
    });
    const columns = [...view.groupBy.map((field) => ({ key: `g:${field}`, label: field })), ...valueColumns];
    const tableRows = groups.map((g) => ({ key: g.key, cells: [...g.group, ...g.values] }));
    const sortColumn = view.groupBy.length;
    return (
      <div className={`${styles.plot} ${styles.tablePlot} ${stale ? styles.stale : ''}`}>
        <DataTable
          label={`${labels[0] ?? 'Values'} by ${view.groupBy.join(', ') || 'group'}`}
          columns={columns}
          rows={tableRows}
          initialSort={{ column: sortColumn, direction: view.sortOrder ?? 'desc' }}
          onRowSelect={
            view.groupBy.length > 0 && onDrill
              ? (row) => drillTo(row.cells.slice(0, view.groupBy.length).map(String))
              : undefined
          }
        />
      </div>
    );
  }
  return (
    <>
      <div className={`${styles.plot} ${stale ? styles.stale : ''}`}>
        <ChartGroups
          kind={built.display === 'pie' ? 'pie' : 'bar'}
          groups={topGroups(groups, view.limit || 12)}
          format={itemFormatter(view, 0, ratio)}
          onSelect={onDrill ? drillTo : undefined}
        />
      </div>
      <p className={styles.note}>
        {labels[0]} by {view.groupBy.join(', ') || 'group'}
      </p>
    </>
  );
}

function TimeSeries({
  view,
  rows,
  data,
  built,
  seriesCount,
  labels,
  ratio,
  widthPx,
  stale,
  partial,
  onDrill,
}: {
  view: ChartView;
  rows: ChartSeriesData['rows'];
  data: ChartSeriesData;
  built: Built;
  seriesCount: number;
  labels: string[];
  ratio: boolean;
  widthPx: number;
  stale: boolean;
  partial: ReactNode;
  onDrill?: (field: string, value: string) => void;
}) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const stacked = built.display === 'stacked_bar';
  const fill = stacked ? 'zero' : fillModeFor(built.aggFns[0] ?? 'count');
  const prepared: PreparedSeries = useMemo(
    () =>
      prepareSeries(rows, {
        seriesCount,
        startMs: data.startMs,
        endMs: data.endMs,
        granularityMs: granularityMs(built.granularity),
        widthPx,
        fill,
      }),
    [rows, seriesCount, data.startMs, data.endMs, built.granularity, widthPx, fill],
  );
  const multiSeries = seriesCount > 1;
  const lineLabels = useMemo(
    () =>
      prepared.lines.map((line) => {
        const group = line.group.filter(Boolean).join(' · ');
        const series = labels[line.seriesIndex] ?? `Series ${line.seriesIndex + 1}`;
        if (!group) return series;
        return multiSeries ? `${series} · ${group}` : group;
      }),
    [prepared.lines, labels, multiSeries],
  );
  const format = useMemo(() => itemFormatter(view, 0, ratio), [view, ratio]);
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const field = view.groupBy[0];
  const drill =
    onDrill && field
      ? (key: string) => {
          const value = prepared.lines.find((line) => line.key === key)?.group[0];
          if (value !== undefined) onDrill(field, value);
        }
      : undefined;

  return (
    <>
      <div className={`${styles.plot} ${stale ? styles.stale : ''}`}>
        <ChartLines
          lines={prepared.lines}
          labels={lineLabels}
          startMs={data.startMs}
          endMs={data.endMs}
          format={format}
          hidden={hidden}
          widthPx={widthPx}
          stacked={stacked}
        />
      </div>
      <ChartLegend
        items={prepared.lines.map((line, i) => ({ key: line.key, label: lineLabels[i] ?? line.key }))}
        hidden={hidden}
        onToggle={toggle}
        onDrill={drill}
        hiddenLineCount={prepared.hiddenLineCount}
      />
      {partial}
    </>
  );
}

/** Views come from parsed tiles and ranges from the URL: compare what the chart reads, not identities. */
export function sameTileChartProps(a: TileChartProps, b: TileChartProps): boolean {
  return (
    a.width === b.width &&
    a.onDrill === b.onDrill &&
    a.range.startMs === b.range.startMs &&
    a.range.endMs === b.range.endMs &&
    a.range.granularity === b.range.granularity &&
    a.range.relativeMs === b.range.relativeMs &&
    a.range.refreshMs === b.range.refreshMs &&
    (a.scope === b.scope || scopeKey(a.scope ?? EMPTY_SCOPE) === scopeKey(b.scope ?? EMPTY_SCOPE)) &&
    (a.view === b.view || JSON.stringify(a.view) === JSON.stringify(b.view))
  );
}

export const TileChart = memo(TileChartImpl, sameTileChartProps);
