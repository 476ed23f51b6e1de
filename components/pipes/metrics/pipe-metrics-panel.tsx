'use client';

import type { ReactNode } from 'react';
import { formatDateTime, formatRelativeTime } from '@/components/format/time';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { describeApiError } from '@/lib/api/error-message';
import type { InferredUnit } from '@/lib/charts/number-format';
import type { PipeSummary } from '@/lib/pipes/metrics/history';
import { DEFAULT_RETENTION_DAYS } from '@/lib/pipes/history/retention';
import {
  METRICS_RANGE_LABELS,
  metricsRangesWithin,
  type MetricsRange,
  type PipeMetricsDetail,
} from '@/lib/pipes/metrics/views';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { pipeKindOf } from '../pipe-format';
import { formatBytes, formatCount, formatMillicores, formatPerSecond } from './metric-format';
import { PipeMetricChart, PipeMetricChartFrame, type PipeMetricChartProps } from './pipe-metric-chart';
import styles from './pipe-metrics.module.css';

export interface PipeMetricsPanelProps {
  pipe: PipeRecord;
  metrics: { data?: PipeMetricsDetail; error: unknown; isPending: boolean; isError: boolean };
  range: MetricsRange;
  onRangeChange: (range: MetricsRange) => void;
  now: number;
}

/** The ranges the stored history reaches (the server's retention, once known); the chosen one always. */
function rangeOptions(retentionDays: number, chosen: MetricsRange) {
  const ranges = metricsRangesWithin(retentionDays);
  if (!ranges.includes(chosen)) ranges.push(chosen);
  return ranges.map((value) => ({ value, label: METRICS_RANGE_LABELS[value] }));
}
const GIB = 1024 ** 3;

function Stat({ label, children, note }: { label: string; children: ReactNode; note?: ReactNode }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>
        {children}
        {note && <span className={styles.statNote}>{note}</span>}
      </dd>
    </div>
  );
}

function lastEvent(summary: PipeSummary, now: number): { value: string; note?: string } {
  if (summary.lastEventAt !== null)
    return { value: formatRelativeTime(summary.lastEventAt, now), note: formatDateTime(summary.lastEventAt) };
  return { value: 'None seen', note: `since ${formatDateTime(summary.watchedSince)}` };
}

const PENDING = <span className={styles.pendingValue}>{'\u00a0'}</span>;
/** A note's line kept while loading, so the totals do not grow when it arrives. */
const PENDING_NOTE = '\u00a0';

type Reading = (summary: PipeSummary) => string;

/** What the cloud's figures say now, as the totals and the charts' titles show them. */
const NOW = {
  rowsPerSecond: (s) => (s.rates ? formatPerSecond(s.rates.rowsPerSecond) : '—'),
  bytesPerSecond: (s) => (s.rates ? `${formatBytes(s.rates.bytesPerSecond)}/s` : '—'),
  errorsPerSecond: (s) => (s.rates ? formatPerSecond(s.rates.errorsPerSecond) : '—'),
  replicationLag: (s) => (s.replicationLagMiB === undefined ? '—' : `${s.replicationLagMiB.toFixed(1)} MiB`),
  latency: (s) => (s.latencyMs === undefined ? '—' : `${formatCount(s.latencyMs)} ms`),
  cpu: (s) => (s.cpuMillicores === undefined ? '—' : formatMillicores(s.cpuMillicores)),
  memory: (s) => (s.memoryBytes === undefined ? '—' : `${(s.memoryBytes / GIB).toFixed(2)} GiB`),
} satisfies Record<string, Reading>;

/** The totals; with no summary yet, the same layout with bars where the values go. */
function Stats({ summary, postgres, now }: { summary?: PipeSummary; postgres: boolean; now: number }) {
  const value = (read: (s: PipeSummary) => ReactNode) => (summary ? read(summary) : PENDING);
  const last = summary ? lastEvent(summary, now) : { value: PENDING, note: PENDING_NOTE };
  const cpuNote = summary
    ? summary.cpuLimitMillicores === undefined
      ? undefined
      : `of ${formatMillicores(summary.cpuLimitMillicores)}`
    : PENDING_NOTE;
  return (
    <dl className={styles.stats} aria-label="Pipe totals" aria-hidden={summary ? undefined : true}>
      <Stat label="Rows ingested">{value((s) => formatCount(s.totals.rows))}</Stat>
      <Stat label="Data ingested">{value((s) => formatBytes(s.totals.bytes))}</Stat>
      <Stat label="Errors">{value((s) => formatCount(s.totals.errors))}</Stat>
      <Stat label="Last event" note={last.note}>
        {last.value}
      </Stat>
      <Stat label="Rows now">{value(NOW.rowsPerSecond)}</Stat>
      <Stat label="Bytes now">{value(NOW.bytesPerSecond)}</Stat>
      {postgres ? (
        <Stat label="Replication lag">{value(NOW.replicationLag)}</Stat>
      ) : (
        <Stat label="Latency">{value(NOW.latency)}</Stat>
      )}
      <Stat label="CPU" note={cpuNote}>
        {value(NOW.cpu)}
      </Stat>
    </dl>
  );
}

interface ChartDefinition {
  title: string;
  unit: InferredUnit;
  lines: PipeMetricChartProps['lines'];
  current: Reading;
}

const RATE_CHARTS: ChartDefinition[] = [
  {
    title: 'Rows per second',
    unit: 'plain',
    lines: [{ key: 'rowsPerSecond', label: 'Rows/s' }],
    current: NOW.rowsPerSecond,
  },
  {
    title: 'Bytes per second',
    unit: 'plain',
    lines: [{ key: 'bytesPerSecond', label: 'Bytes/s' }],
    current: NOW.bytesPerSecond,
  },
  {
    title: 'Errors per second',
    unit: 'plain',
    lines: [{ key: 'errorsPerSecond', label: 'Errors/s' }],
    current: NOW.errorsPerSecond,
  },
];
const LAG_CHART: ChartDefinition = {
  title: 'Replication lag (MiB)',
  unit: 'plain',
  lines: [{ key: 'replicationLagMiB', label: 'MiB' }],
  current: NOW.replicationLag,
};
const LATENCY_CHART: ChartDefinition = {
  title: 'Latency',
  unit: 'ms',
  lines: [{ key: 'latencyMs', label: 'Latency' }],
  current: NOW.latency,
};
const RESOURCE_CHARTS: ChartDefinition[] = [
  {
    title: 'CPU (millicores)',
    unit: 'plain',
    lines: [
      { key: 'cpuMillicores', label: 'Used' },
      { key: 'cpuLimitMillicores', label: 'Limit' },
    ],
    current: NOW.cpu,
  },
  {
    title: 'Memory (GiB)',
    unit: 'plain',
    lines: [
      { key: 'memoryBytes', label: 'Used', scale: 1 / GIB },
      { key: 'memoryLimitBytes', label: 'Limit', scale: 1 / GIB },
    ],
    current: NOW.memory,
  },
];
/** A database pipe charts its replication lag where a stream pipe charts its latency. */
const CHARTS_OF = {
  postgres: [...RATE_CHARTS, LAG_CHART, ...RESOURCE_CHARTS],
  other: [...RATE_CHARTS, LATENCY_CHART, ...RESOURCE_CHARTS],
};

/**
 * The charts, or their frames while there is nothing to draw yet: the panel keeps one layout
 * from loading to loaded, so what is below it never jumps.
 */
function Charts({ data, postgres }: { data?: PipeMetricsDetail; postgres: boolean }) {
  const summary = data?.summary;
  return (
    <div className={styles.charts}>
      {CHARTS_OF[postgres ? 'postgres' : 'other'].map((chart) =>
        data && summary && data.series.length > 0 ? (
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
        ) : (
          <PipeMetricChartFrame key={chart.title} title={chart.title} current={summary ? chart.current(summary) : ''}>
            <div className={styles.plotPlaceholder} />
          </PipeMetricChartFrame>
        ),
      )}
    </div>
  );
}

/** One line under the panel's title: how fresh the figures are and where the charts begin. */
function describeReadings(metrics: PipeMetricsPanelProps['metrics']): string | undefined {
  const data = metrics.data;
  if (metrics.isPending) return 'Reading the cloud\u2019s metrics…';
  if (!data?.summary) return undefined;
  const every = `every ${Math.round(data.intervalMs / 1000)} s`;
  if (data.series.length === 0)
    return `Totals as the cloud\u2019s counters say now; the charts start after the next reading (${every}).`;
  const kept = `kept ${data.retentionDays} days`;
  const first = data.series[0]!.t;
  // The stored history begins when a console first read this pipe (within the range's first stretch: it covers the range).
  if (first - data.from > Math.max(3 * data.intervalMs, (data.to - data.from) / 48))
    return `Charted since ${formatDateTime(first)}; read from the cloud ${every}, ${kept}.`;
  return `Read from the cloud ${every}, ${kept}.`;
}

function Body({ pipe, metrics, now }: Omit<PipeMetricsPanelProps, 'range' | 'onRangeChange'>) {
  const postgres = pipeKindOf(pipe) === 'postgres';
  if (metrics.isPending) {
    return (
      <div role="status" aria-live="polite">
        <VisuallyHidden>Loading metrics…</VisuallyHidden>
        <Stats postgres={postgres} now={now} />
        <Charts postgres={postgres} />
      </div>
    );
  }
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
          As of {formatDateTime(summary.sampledAt)}; the newest read failed: {failure.message}
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

/** Throughput, errors, latency or lag and resources of one pipe, with totals, over a chosen range. */
export function PipeMetricsPanel({ pipe, metrics, range, onRangeChange, now }: PipeMetricsPanelProps) {
  return (
    <Panel
      title="Metrics"
      description={describeReadings(metrics)}
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
      <Body pipe={pipe} metrics={metrics} now={now} />
    </Panel>
  );
}
