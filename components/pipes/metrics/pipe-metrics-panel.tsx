'use client';

import { ZonedDateTime } from '@/components/format/zoned-date-time';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { loadedLater } from '@/components/ui/loaded-later';
import { DEFAULT_RETENTION_DAYS } from '@/lib/pipes/history/retention';
import { describeReadings, type ReadingsLine } from '@/lib/pipes/metrics/readings-line';
import { METRICS_RANGE_LABELS, metricsRangesWithin, type MetricsRange } from '@/lib/pipes/metrics/views';
import { pipeKindOf } from '../pipe-format';
import type { PipeMetricsBodyProps } from './pipe-metrics-body';
import { PipeMetricsPending } from './pipe-metrics-layout';
import styles from './pipe-metrics.module.css';

// The totals' values, the charts and the notices load after the page; the server sends the panel's
// frame, its line and the body's loading layout (the line is often the page's largest text, so it
// is painted with the page rather than after its JavaScript).
const PipeMetricsBody = loadedLater(() => import('./pipe-metrics-body').then((m) => m.PipeMetricsBody));

/** Fetches the body's code (the page starts it at once, before the panels below). */
export const preloadPipeMetricsBody = PipeMetricsBody.preload;

export interface PipeMetricsPanelProps extends PipeMetricsBodyProps {
  range: MetricsRange;
  onRangeChange: (range: MetricsRange) => void;
}

/** The ranges the stored history reaches (the server's retention, once known); the chosen one always. */
function rangeOptions(retentionDays: number, chosen: MetricsRange) {
  const ranges = metricsRangesWithin(retentionDays);
  if (!ranges.includes(chosen)) ranges.push(chosen);
  return ranges.map((value) => ({ value, label: METRICS_RANGE_LABELS[value] }));
}

function Readings({ line }: { line: ReadingsLine }) {
  if (line.chartedSince === undefined) return line.text;
  return (
    <>
      Charted since <ZonedDateTime value={line.chartedSince} />; {line.text}
    </>
  );
}

/** Throughput, errors, latency or lag and resources of one pipe, with totals, over a chosen range. */
export function PipeMetricsPanel({ pipe, metrics, range, onRangeChange, now }: PipeMetricsPanelProps) {
  const line = describeReadings(metrics);
  return (
    <Panel
      title="Metrics"
      description={line && <Readings line={line} />}
      actions={
        <SelectField
          label="Time range"
          className={styles.rangeSelect}
          options={rangeOptions(metrics.data?.retentionDays ?? DEFAULT_RETENTION_DAYS, range)}
          value={range}
          onChange={(event) => onRangeChange(event.target.value as MetricsRange)}
        />
      }
    >
      <PipeMetricsBody
        pipe={pipe}
        metrics={metrics}
        now={now}
        fallback={<PipeMetricsPending postgres={pipeKindOf(pipe) === 'postgres'} />}
      />
    </Panel>
  );
}
