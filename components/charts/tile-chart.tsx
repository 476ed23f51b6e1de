'use client';

/**
 * `TileChart({ tile, range, width? })`: the chart of one open-source dashboard tile.
 *   tile   the tile (ChartTile: `{ name, asRatio?, series: [{ type: 'time'|'number', dataSource
 *          (or sourceId), aggFn, field?, level?, where, groupBy? }] }`)
 *   range  `{ startMs, endMs, granularity }` from useTimeRange(); with `relativeMs`/`refreshMs`
 *          a range ending now refreshes live
 *   width  the drawing width in px when the parent knows it; measured otherwise
 * Fetches `POST /api/observability/v2/charts/series` once the tile is on screen. Time series
 * draw as lines (one per series and group, capped, "N more hidden") with a legend that hides
 * lines, a tooltip and a time axis formatted for the range; number tiles show one large value;
 * `asRatio` draws series 1 / series 2. States: loading, empty, error (the upstream's message and
 * a retry), partial (names the series without data). Equal props do not re-render it.
 */
import dynamic from 'next/dynamic';
import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { describeApiError } from '@/lib/api/error-message';
import { useChartSeriesQuery, type ChartSeriesData } from '@/lib/api/charts/use-chart-series-query';
import { buildChartQuery, type BuiltChartQuery } from './build-chart-query';
import { formatBigValue, seriesLabel, unitOf, type ChartUnit } from './chart-format';
import { ChartLegend } from './chart-legend';
import { granularityMs } from '@/lib/charts/granularity';
import { prepareSeries, type PreparedSeries } from './prepare';
import { combineNumber, fillModeFor, ratioRows, seriesWithoutData } from './tile-values';
import type { ChartRange, ChartTile } from '@/lib/charts/tile-shape';
import { useElementWidth } from './use-element-width';
import { useInView } from './use-in-view';
import styles from './charts.module.css';

const ChartLines = dynamic(() => import('./chart-lines').then((m) => m.ChartLines), {
  ssr: false,
  loading: () => <div className={styles.skeleton} aria-hidden="true" />,
});

export interface TileChartProps {
  tile: ChartTile;
  range: ChartRange;
  width?: number;
}

/** Room the y axis takes from the plot, so the reduction matches the pixels the lines get. */
const Y_AXIS_PX = 64;
const DEFAULT_WIDTH = 480;

function TileChartImpl({ tile, range, width }: TileChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const { visible, seen } = useInView(frame);
  const measured = useElementWidth(frame, width ?? DEFAULT_WIDTH);
  const built = useMemo(() => buildChartQuery(tile, range), [tile, range]);
  const chart = useChartSeriesQuery(built.ok ? built.query : null, range, { enabled: seen, visible });

  let body: ReactNode;
  if (!built.ok) {
    body = <p className={styles.state}>{built.reason}</p>;
  } else if (chart.isPending) {
    body = (
      <div className={styles.skeleton} role="status">
        <VisuallyHidden>Loading chart…</VisuallyHidden>
      </div>
    );
  } else if (chart.isError && !chart.isPlaceholderData) {
    body = (
      <div className={`${styles.state} ${styles.stateError}`} role="alert">
        <p>{describeApiError(chart.error)}</p>
        <Button size="sm" onClick={() => chart.refetch()} loading={chart.isFetching}>
          Retry
        </Button>
      </div>
    );
  } else {
    body = (
      <ChartBody
        tile={tile}
        built={built}
        data={chart.data!}
        widthPx={Math.max(1, (width ?? measured) - Y_AXIS_PX)}
        stale={chart.isPlaceholderData}
      />
    );
  }

  return (
    <div ref={frame} className={styles.tileChart} aria-busy={chart.isFetching || undefined} data-testid="tile-chart">
      {body}
    </div>
  );
}

function ChartBody({
  tile,
  built,
  data,
  widthPx,
  stale,
}: {
  tile: ChartTile;
  built: Extract<BuiltChartQuery, { ok: true }>;
  data: ChartSeriesData;
  widthPx: number;
  stale: boolean;
}) {
  const ratio = Boolean(tile.asRatio) && built.query.series.length >= 2;
  const unit = unitOf(tile.series, ratio);
  const seriesCount = ratio ? 1 : built.query.series.length;
  const rows = useMemo(() => (ratio ? ratioRows(data.rows, fillModeFor(built.aggFns[0] ?? 'count')) : data.rows), [ratio, data.rows, built.aggFns]);
  const missing = useMemo(() => seriesWithoutData(rows, seriesCount), [rows, seriesCount]);
  const labels = ratio ? [`${seriesLabel(tile.series[0], 0)} / ${seriesLabel(tile.series[1], 1)}`] : tile.series.map((s, i) => seriesLabel(s, i));

  if (missing.length === seriesCount) return <p className={styles.state}>No data in this range</p>;
  const partial =
    missing.length > 0 ? <p className={styles.note}>No data in this range for {missing.map((i) => labels[i]).join(', ')}</p> : null;

  if (built.kind === 'number') {
    const { value, approximate } = combineNumber(rows, 0, ratio ? 'avg' : (built.aggFns[0] ?? 'count'));
    return (
      <div className={`${styles.number} ${stale ? styles.stale : ''}`}>
        <span className={styles.bigValue}>
          {approximate ? '≈ ' : ''}
          {formatBigValue(value, unit)}
        </span>
        <span className={styles.note}>{labels[0]}</span>
        {partial}
      </div>
    );
  }
  return (
    <TimeSeries
      rows={rows}
      data={data}
      built={built}
      seriesCount={seriesCount}
      labels={labels}
      unit={unit}
      widthPx={widthPx}
      stale={stale}
      multiSeries={seriesCount > 1}
      partial={partial}
      fill={fillModeFor(built.aggFns[0] ?? 'count')}
    />
  );
}

function TimeSeries({
  rows,
  data,
  built,
  seriesCount,
  labels,
  unit,
  widthPx,
  stale,
  multiSeries,
  partial,
  fill,
}: {
  rows: ChartSeriesData['rows'];
  data: ChartSeriesData;
  built: Extract<BuiltChartQuery, { ok: true }>;
  seriesCount: number;
  labels: string[];
  unit: ChartUnit;
  widthPx: number;
  stale: boolean;
  multiSeries: boolean;
  partial: ReactNode;
  fill: 'zero' | 'gap';
}) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
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
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <>
      <div className={`${styles.plot} ${stale ? styles.stale : ''}`}>
        <ChartLines lines={prepared.lines} labels={lineLabels} startMs={data.startMs} endMs={data.endMs} unit={unit} hidden={hidden} widthPx={widthPx} />
      </div>
      <ChartLegend
        items={prepared.lines.map((line, i) => ({ key: line.key, label: lineLabels[i] ?? line.key }))}
        hidden={hidden}
        onToggle={toggle}
        hiddenLineCount={prepared.hiddenLineCount}
      />
      {partial}
    </>
  );
}

/** Tiles come from a parsed dashboard and ranges from the URL: compare what the chart reads, not identities. */
export function sameTileChartProps(a: TileChartProps, b: TileChartProps): boolean {
  return (
    a.width === b.width &&
    a.range.startMs === b.range.startMs &&
    a.range.endMs === b.range.endMs &&
    a.range.granularity === b.range.granularity &&
    a.range.relativeMs === b.range.relativeMs &&
    a.range.refreshMs === b.range.refreshMs &&
    (a.tile === b.tile ||
      (a.tile.name === b.tile.name && a.tile.asRatio === b.tile.asRatio && JSON.stringify(a.tile.series) === JSON.stringify(b.tile.series)))
  );
}

export const TileChart = memo(TileChartImpl, sameTileChartProps);
