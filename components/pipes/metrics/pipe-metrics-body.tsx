'use client';

import { formatDateTime } from '@/components/format/time';
import { useReaderZone } from '@/components/format/use-reader-zone';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { describeApiError } from '@/lib/api/error-message';
import type { PipeMetricsDetail } from '@/lib/pipes/metrics/views';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { pipeKindOf } from '../pipe-format';
import { PipeMetricChart } from './pipe-metric-chart';
import { CHARTS_OF, ChartFrames, PipeMetricsPending, Stats } from './pipe-metrics-layout';
import styles from './pipe-metrics.module.css';

export interface PipeMetricsBodyProps {
  pipe: PipeRecord;
  metrics: { data?: PipeMetricsDetail; error: unknown; isPending: boolean; isError: boolean };
  now: number;
}

/**
 * The charts, or their frames while there is nothing to draw yet: the panel keeps one layout
 * from loading to loaded, so what is below it never jumps.
 */
function Charts({ data, postgres }: { data: PipeMetricsDetail; postgres: boolean }) {
  const summary = data.summary;
  if (!summary || data.series.length === 0) return <ChartFrames postgres={postgres} summary={summary ?? undefined} />;
  return (
    <div className={styles.charts}>
      {CHARTS_OF[postgres ? 'postgres' : 'other'].map((chart) => (
        <PipeMetricChart
          key={chart.title}
          series={data.series}
          from={data.from}
          to={data.to}
          title={chart.title}
          current={chart.current(summary)}
          unit={chart.unit}
          lines={chart.lines}
        />
      ))}
    </div>
  );
}

/** The metrics panel's totals and charts, or why there are none: loaded after the page, in the frame it sent. */
export function PipeMetricsBody({ pipe, metrics, now }: PipeMetricsBodyProps) {
  const zone = useReaderZone();
  const postgres = pipeKindOf(pipe) === 'postgres';
  if (metrics.isPending) return <PipeMetricsPending postgres={postgres} />;
  if (metrics.isError || !metrics.data) {
    return (
      <Notice tone="warning" role="alert" title="Metrics unavailable">
        {describeApiError(metrics.error)}
      </Notice>
    );
  }
  const data = metrics.data;
  const { summary, failure } = data;
  if (!summary) {
    if (failure) {
      return (
        <Notice tone="warning" role="alert" title="Metrics unavailable">
          {failure.message}
        </Notice>
      );
    }
    return (
      <EmptyState headingLevel={3} title="No metrics for this pipe yet">
        The cloud reports a pipe&apos;s metrics once it has been provisioned.
      </EmptyState>
    );
  }
  return (
    <>
      {failure && (
        <Notice tone="warning" role="alert" title="Metrics may be out of date">
          As of {formatDateTime(summary.sampledAt, zone)}; the newest read failed: {failure.message}
        </Notice>
      )}
      {data.historyFailure && (
        <Notice tone="warning" role="alert" title="History unavailable">
          {data.historyFailure}
        </Notice>
      )}
      <Stats summary={summary} postgres={postgres} now={now} />
      <Charts data={data} postgres={postgres} />
    </>
  );
}
