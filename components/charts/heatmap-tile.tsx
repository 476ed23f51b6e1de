'use client';

/**
 * A heatmap tile: how the tile's value (e.g. Duration) is distributed over time. The chart API
 * counts events per time bucket and value (`groupBy: [valueExpression]`); the browser bins the
 * values on the tile's log or linear scale (heatmap-bins.ts) and draws the grid on demand.
 */
import { memo, useMemo, useRef } from 'react';
import { loadedAfterRecharts } from './recharts-stages';
import { useChartSeriesQuery } from '@/lib/api/charts/use-chart-series-query';
import { EMPTY_SCOPE, type DashboardScope } from '@/lib/charts/dashboard-scope';
import { granularityMs } from '@/lib/charts/granularity';
import { heatmapQuery, type HeatmapView } from '@/lib/charts/heatmap-query';
import { valueFormatter } from '@/lib/charts/number-format';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { inferredUnit } from './chart-format';
import { heatmapBins } from './heatmap-bins';
import { useElementWidth } from './use-element-width';
import { useInView } from './use-in-view';
import { useTileDrawing } from './use-own-task';
import { ChartFailure, ChartLoading } from './chart-states';
import styles from './charts.module.css';
import { formatNumber } from '@/lib/format/number';

const HeatmapChart = loadedAfterRecharts(
  () => import('./heatmap-chart').then((m) => m.HeatmapChart),
  <div className={styles.skeleton} aria-hidden="true" />,
);

/** Starts loading a heatmap's drawing code before the tile is seen (a dashboard's first screen). */
export function preloadHeatmapCode(): void {
  void HeatmapChart.preload().catch(() => {}); // a failed load is tried again when the tile draws
}

export const HeatmapTile = memo(function HeatmapTile({
  view,
  range,
  scope = EMPTY_SCOPE,
}: {
  view: HeatmapView;
  range: ChartRange;
  scope?: DashboardScope;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const { visible, seen } = useInView(frame);
  const width = useElementWidth(frame, 480);
  const { query, granularity, scoped } = useMemo(() => heatmapQuery(view, range, scope), [view, range, scope]);
  const chart = useChartSeriesQuery(query, range, { enabled: seen, visible });
  const drawn = useTileDrawing(seen, chart.data !== undefined, HeatmapChart.preload);
  const bins = useMemo(
    () =>
      chart.data
        ? heatmapBins(chart.data.rows, {
            startMs: chart.data.startMs,
            endMs: chart.data.endMs,
            granularityMs: granularityMs(granularity),
            scale: view.scale,
          })
        : null,
    [chart.data, granularity, view.scale],
  );
  const format = useMemo(
    () => valueFormatter(view.numberFormat, inferredUnit({ aggFn: 'avg', field: view.valueExpression })),
    [view.numberFormat, view.valueExpression],
  );

  let body;
  if (!query) body = <p className={styles.state}>This heatmap has no source or value</p>;
  else if (chart.isPending || (!drawn && !chart.isError)) body = <ChartLoading label="Loading heatmap…" />;
  else if (chart.isError && !chart.isPlaceholderData) {
    body = <ChartFailure error={chart.error} onRetry={() => chart.refetch()} retrying={chart.isFetching} />;
  } else if (!bins || bins.maxCount === 0) body = <p className={styles.state}>No data in this range</p>;
  else {
    body = (
      <>
        <div className={`${styles.plot} ${chart.isPlaceholderData ? styles.stale : ''}`}>
          <HeatmapChart
            bins={bins}
            format={format}
            startMs={chart.data!.startMs}
            endMs={chart.data!.endMs}
            widthPx={width}
          />
        </div>
        <p className={styles.note}>
          {view.valueExpression} ({view.scale} scale)
          {bins.skipped > 0 ? ` · ${formatNumber(bins.skipped)} events without a numeric value left out` : ''}
        </p>
      </>
    );
  }
  return (
    <div
      ref={frame}
      className={styles.tileChart}
      aria-busy={chart.isFetching || undefined}
      data-testid="tile-chart"
      data-display="heatmap"
    >
      {body}
      {scoped.skipped && <p className={styles.note}>{scoped.skipped}</p>}
    </div>
  );
});
