'use client';

/**
 * What an alert would have done: the watched series' recent values (the tile's first series, its
 * groups together, as the alert checks it), one point per check interval over the last 30 checks,
 * with the threshold drawn across, and how many checks would have fired. It says which series it
 * watches. Drawn through the same chart API and chart parts as the tile itself.
 */
import { useMemo, useState } from 'react';
import { itemFormatter } from '@/components/charts/chart-format';
import type { ChartView } from '@/lib/charts/build-chart-query';
import { prepareSeries } from '@/components/charts/prepare';
import { fillModeFor } from '@/components/charts/tile-values';
import { loadedAfterRecharts } from '@/components/charts/recharts-stages';
import { describeApiError } from '@/lib/api/error-message';
import { useChartSeriesQuery } from '@/lib/api/charts/use-chart-series-query';
import { breaches, INTERVAL_GRANULARITY } from '@/lib/charts/alert-threshold';
import { granularityMs } from '@/lib/charts/granularity';
import { canAlertOn, tileView, type StoredTile } from '@/lib/charts/tile-view';
import type { ChartQuery } from '@/lib/schemas/observability/chart-query';
import { watchedSeries } from './alert-watch';
import styles from './alerts.module.css';

const ChartLines = loadedAfterRecharts(() => import('@/components/charts/chart-lines').then((m) => m.ChartLines));

/** Checks shown: enough to see a pattern, few enough to read each one. */
export const PREVIEW_CHECKS = 30;
const PLOT_WIDTH = 560;

export interface AlertPreviewProps {
  tile: StoredTile | undefined;
  interval: string;
  thresholdType: string;
  threshold: number | undefined;
  thresholdMax?: number | null;
}

export function AlertPreview({ tile, interval, thresholdType, threshold, thresholdMax }: AlertPreviewProps) {
  const view = useMemo(() => (tile ? tileView(tile) : null), [tile]);
  const [now] = useState(() => Date.now());
  const granularity = INTERVAL_GRANULARITY[interval as keyof typeof INTERVAL_GRANULARITY] ?? '5m';
  const bucket = granularityMs(granularity);
  const chartView = view && view.kind === 'chart' && canAlertOn(view) ? (view as ChartView) : null;
  const query = useMemo((): ChartQuery | null => {
    const item = chartView?.items[0];
    if (!item?.sourceId) return null;
    const end = Math.floor(now / bucket) * bucket;
    const aggFn = /^p\d{2}$/.test(item.aggFn) ? 'quantile' : item.aggFn;
    const level = /^p\d{2}$/.test(item.aggFn) ? Number(item.aggFn.slice(1)) / 100 : item.level;
    return {
      startTime: end - PREVIEW_CHECKS * bucket,
      endTime: end,
      granularity,
      series: [
        {
          sourceId: item.sourceId,
          aggFn: aggFn as ChartQuery['series'][number]['aggFn'],
          where: item.where,
          whereLanguage: item.whereLanguage === 'sql' ? 'sql' : 'lucene',
          groupBy: [],
          ...(item.field ? { field: item.field } : {}),
          ...(level !== undefined ? { level } : {}),
        },
      ],
    };
  }, [chartView, now, bucket, granularity]);
  const range = useMemo(
    () => ({ startMs: query?.startTime ?? 0, endMs: query?.endTime ?? 1, granularity }),
    [query, granularity],
  );
  const chart = useChartSeriesQuery(query, range, { enabled: query !== null, visible: true });
  const prepared = useMemo(
    () =>
      chart.data
        ? prepareSeries(chart.data.rows, {
            seriesCount: 1,
            startMs: chart.data.startMs,
            endMs: chart.data.endMs,
            granularityMs: bucket,
            widthPx: PLOT_WIDTH,
            fill: fillModeFor(chartView?.items[0]?.aggFn ?? 'count'),
          })
        : null,
    [chart.data, bucket, chartView],
  );
  const fired = useMemo(() => {
    if (!prepared || threshold === undefined || !Number.isFinite(threshold)) return null;
    const buckets = new Set<number>();
    for (const line of prepared.lines)
      for (const p of line.points)
        if (p.v !== null && breaches(thresholdType, threshold, p.v, thresholdMax)) buckets.add(p.t);
    return buckets.size;
  }, [prepared, threshold, thresholdType, thresholdMax]);

  if (!tile) return null;
  if (!chartView) {
    return (
      <p className={styles.previewNote}>
        Alerts watch line, stacked bar and number tiles; this tile cannot be previewed.
      </p>
    );
  }
  const format = itemFormatter(chartView, 0);
  const watched = watchedSeries(chartView);
  const label = watched.label;
  return (
    <section className={styles.preview} aria-label="What this alert would have done">
      <p className={styles.previewWatch}>{watched.text}</p>
      <div className={styles.previewPlot} data-testid="alert-preview">
        {chart.isPending ? (
          <p className={styles.previewNote}>Loading the tile’s recent values…</p>
        ) : chart.isError ? (
          <p className={styles.previewNote} role="alert">
            {describeApiError(chart.error)}
          </p>
        ) : prepared && prepared.lines.length > 0 ? (
          <ChartLines
            lines={prepared.lines}
            labels={prepared.lines.map(() => label)}
            startMs={chart.data!.startMs}
            endMs={chart.data!.endMs}
            format={format}
            hidden={new Set()}
            widthPx={PLOT_WIDTH}
            threshold={threshold !== undefined && Number.isFinite(threshold) ? threshold : undefined}
          />
        ) : (
          <p className={styles.previewNote}>No data in the last {PREVIEW_CHECKS} checks.</p>
        )}
      </div>
      <p className={styles.previewNote} role="status">
        {fired === null
          ? `${label} over the last ${PREVIEW_CHECKS} checks; enter a threshold to see when it would have fired.`
          : fired === 0
            ? `It would not have fired in the last ${PREVIEW_CHECKS} checks.`
            : `It would have fired in ${fired} of the last ${PREVIEW_CHECKS} checks.`}
      </p>
    </section>
  );
}
