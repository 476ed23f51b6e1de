import type { ReactNode, RefObject } from 'react';
import { formatDateTime, formatRelativeTime } from '@/components/format/time';
import { useReaderZone } from '@/components/format/use-reader-zone';
import type { Zone } from '@/lib/format/date-time';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import type { InferredUnit } from '@/lib/charts/number-format';
import type { PipePoint, PipeSummary } from '@/lib/pipes/metrics/history';
import { formatBytes, formatCount, formatMillicores, formatPerSecond } from './metric-format';
import styles from './pipe-metrics.module.css';

/*
 * What a pipe's metrics panel shows in the same place loading and loaded: its totals and the
 * titled frames of its charts. The server sends them without values (and the page hydrates them
 * so), and the panel's body, loaded after, fills them: nothing below moves.
 */

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

function lastEvent(summary: PipeSummary, now: number, zone: Zone): { value: string; note?: string } {
  if (summary.lastEventAt !== null)
    return { value: formatRelativeTime(summary.lastEventAt, now), note: formatDateTime(summary.lastEventAt, zone) };
  return { value: 'None seen', note: `since ${formatDateTime(summary.watchedSince, zone)}` };
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
export function Stats({ summary, postgres, now }: { summary?: PipeSummary; postgres: boolean; now: number }) {
  const value = (read: (s: PipeSummary) => ReactNode) => (summary ? read(summary) : PENDING);
  const zone = useReaderZone();
  const last = summary ? lastEvent(summary, now, zone) : { value: PENDING, note: PENDING_NOTE };
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

type PointKey = Exclude<keyof PipePoint, 't'>;

export interface ChartDefinition {
  title: string;
  unit: InferredUnit;
  lines: ReadonlyArray<{ key: PointKey; label: string; scale?: number }>;
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
export const CHARTS_OF = {
  postgres: [...RATE_CHARTS, LAG_CHART, ...RESOURCE_CHARTS],
  other: [...RATE_CHARTS, LATENCY_CHART, ...RESOURCE_CHARTS],
};

/** A metric's titled figure; `current` is what the newest point says. */
export function PipeMetricChartFrame({
  title,
  current,
  children,
  frame,
}: {
  title: string;
  current: string;
  children: ReactNode;
  frame?: RefObject<HTMLDivElement | null>;
}) {
  return (
    <figure className={styles.chart} aria-label={title}>
      <figcaption className={styles.chartTitle}>
        <span>{title}</span>
        <span className={styles.chartCurrent}>{current}</span>
      </figcaption>
      <div ref={frame} className={styles.plot}>
        {children}
      </div>
    </figure>
  );
}

/** The chart frames with nothing drawn in them; with a summary, their titles say the current values. */
export function ChartFrames({ postgres, summary }: { postgres: boolean; summary?: PipeSummary }) {
  return (
    <div className={styles.charts}>
      {CHARTS_OF[postgres ? 'postgres' : 'other'].map((chart) => (
        <PipeMetricChartFrame key={chart.title} title={chart.title} current={summary ? chart.current(summary) : ''}>
          <div className={styles.plotPlaceholder} />
        </PipeMetricChartFrame>
      ))}
    </div>
  );
}

/** The body while the metrics (or the body's code) are on their way: totals as bars, empty chart frames. */
export function PipeMetricsPending({ postgres }: { postgres: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Loading metrics…</VisuallyHidden>
      <Stats postgres={postgres} now={0} />
      <ChartFrames postgres={postgres} />
    </div>
  );
}
