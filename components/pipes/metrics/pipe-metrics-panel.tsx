'use client';

import type { ReactNode } from 'react';
import { formatDateTime, formatRelativeTime } from '@/components/format/time';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/api/error-message';
import type { PipeSummary } from '@/lib/pipes/metrics/history';
import { METRICS_RANGES, METRICS_RANGE_LABELS, type MetricsRange, type PipeMetricsDetail } from '@/lib/pipes/metrics/views';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { pipeKindOf } from '../pipe-format';
import { formatBytes, formatCount, formatMillicores, formatPerSecond } from './metric-format';
import { PipeMetricChart } from './pipe-metric-chart';
import styles from './pipe-metrics.module.css';

export interface PipeMetricsPanelProps {
  pipe: PipeRecord;
  metrics: { data?: PipeMetricsDetail; error: unknown; isPending: boolean; isError: boolean };
  range: MetricsRange;
  onRangeChange: (range: MetricsRange) => void;
  now: number;
}

const RANGE_OPTIONS = METRICS_RANGES.map((value) => ({ value, label: METRICS_RANGE_LABELS[value] }));
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
  if (summary.lastEventAt !== null) return { value: formatRelativeTime(summary.lastEventAt, now), note: formatDateTime(summary.lastEventAt) };
  return { value: 'None seen', note: `since ${formatDateTime(summary.watchedSince)}` };
}

function Stats({ summary, postgres, now }: { summary: PipeSummary; postgres: boolean; now: number }) {
  const { totals, rates } = summary;
  const last = lastEvent(summary, now);
  return (
    <dl className={styles.stats} aria-label="Pipe totals">
      <Stat label="Rows ingested">{formatCount(totals.rows)}</Stat>
      <Stat label="Data ingested">{formatBytes(totals.bytes)}</Stat>
      <Stat label="Errors">{formatCount(totals.errors)}</Stat>
      <Stat label="Last event" note={last.note}>
        {last.value}
      </Stat>
      <Stat label="Rows now">{rates ? formatPerSecond(rates.rowsPerSecond) : '—'}</Stat>
      <Stat label="Bytes now">{rates ? `${formatBytes(rates.bytesPerSecond)}/s` : '—'}</Stat>
      {postgres ? (
        <Stat label="Replication lag">{summary.replicationLagMiB === undefined ? '—' : `${summary.replicationLagMiB.toFixed(1)} MiB`}</Stat>
      ) : (
        <Stat label="Latency">{summary.latencyMs === undefined ? '—' : `${formatCount(summary.latencyMs)} ms`}</Stat>
      )}
      <Stat label="CPU" note={summary.cpuLimitMillicores === undefined ? undefined : `of ${formatMillicores(summary.cpuLimitMillicores)}`}>
        {summary.cpuMillicores === undefined ? '—' : formatMillicores(summary.cpuMillicores)}
      </Stat>
    </dl>
  );
}

function Charts({ data, postgres }: { data: PipeMetricsDetail; postgres: boolean }) {
  const { series, from, to, summary } = data;
  const rates = summary?.rates;
  const common = { series, from, to };
  return (
    <div className={styles.charts}>
      <PipeMetricChart {...common} title="Rows per second" current={rates ? formatPerSecond(rates.rowsPerSecond) : '—'} unit="plain" lines={[{ key: 'rowsPerSecond', label: 'Rows/s' }]} />
      <PipeMetricChart {...common} title="Bytes per second" current={rates ? `${formatBytes(rates.bytesPerSecond)}/s` : '—'} unit="plain" lines={[{ key: 'bytesPerSecond', label: 'Bytes/s' }]} />
      <PipeMetricChart {...common} title="Errors per second" current={rates ? formatPerSecond(rates.errorsPerSecond) : '—'} unit="plain" lines={[{ key: 'errorsPerSecond', label: 'Errors/s' }]} />
      {postgres ? (
        <PipeMetricChart {...common} title="Replication lag (MiB)" current={summary?.replicationLagMiB === undefined ? '—' : `${summary.replicationLagMiB.toFixed(1)} MiB`} unit="plain" lines={[{ key: 'replicationLagMiB', label: 'MiB' }]} />
      ) : (
        <PipeMetricChart {...common} title="Latency" current={summary?.latencyMs === undefined ? '—' : `${formatCount(summary.latencyMs)} ms`} unit="ms" lines={[{ key: 'latencyMs', label: 'Latency' }]} />
      )}
      <PipeMetricChart {...common} title="CPU (millicores)" current={summary?.cpuMillicores === undefined ? '—' : formatMillicores(summary.cpuMillicores)} unit="plain" lines={[{ key: 'cpuMillicores', label: 'Used' }, { key: 'cpuLimitMillicores', label: 'Limit' }]} />
      <PipeMetricChart
        {...common}
        title="Memory (GiB)"
        current={summary?.memoryBytes === undefined ? '—' : `${(summary.memoryBytes / GIB).toFixed(2)} GiB`}
        unit="plain"
        lines={[{ key: 'memoryBytes', label: 'Used', scale: 1 / GIB }, { key: 'memoryLimitBytes', label: 'Limit', scale: 1 / GIB }]}
      />
    </div>
  );
}

function Body({ pipe, metrics, now }: Omit<PipeMetricsPanelProps, 'range' | 'onRangeChange'>) {
  if (metrics.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className={styles.note}>Loading metrics…</span>
        <Skeleton height={48} />
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
  const postgres = pipeKindOf(pipe) === 'postgres';
  if (!summary) {
    if (failure) {
      return (
        <Notice tone="warning" role="alert" title="Metrics unavailable">
          {failure.message}
        </Notice>
      );
    }
    return <EmptyState headingLevel={3} title="No metrics for this pipe yet">The cloud reports a pipe&apos;s metrics once it has been provisioned.</EmptyState>;
  }
  return (
    <>
      {failure && (
        <Notice tone="warning" role="alert" title="Metrics may be out of date">
          As of {formatDateTime(summary.sampledAt)}; the newest read failed: {failure.message}
        </Notice>
      )}
      <Stats summary={summary} postgres={postgres} now={now} />
      {data.series.length === 0 ? (
        <p className={styles.note}>
          Charts appear after the next reading (the console reads the cloud&apos;s metrics every {Math.round(data.intervalMs / 1000)} s). The
          totals above are what the cloud&apos;s counters say now.
        </p>
      ) : (
        <>
          <Charts data={data} postgres={postgres} />
          {summary.watchedSince > data.from && (
            <p className={styles.note}>
              The charts begin at {formatDateTime(summary.watchedSince)}, when this console began reading the cloud&apos;s metrics (every{' '}
              {Math.round(data.intervalMs / 1000)} s); the console keeps them in memory, so they begin again after it restarts.
            </p>
          )}
        </>
      )}
    </>
  );
}

/** Throughput, errors, latency or lag and resources of one pipe, with totals, over a chosen range. */
export function PipeMetricsPanel({ pipe, metrics, range, onRangeChange, now }: PipeMetricsPanelProps) {
  return (
    <Panel
      title="Metrics"
      actions={
        <SelectField
          label="Time range"
          className={styles.rangeSelect}
          options={RANGE_OPTIONS}
          value={range}
          onChange={(event) => onRangeChange(event.target.value as MetricsRange)}
        />
      }
    >
      <Body pipe={pipe} metrics={metrics} now={now} />
    </Panel>
  );
}
