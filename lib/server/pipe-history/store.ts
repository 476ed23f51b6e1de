/**
 * Pipe history in the console's database: the SQL of its one write path (a scrape), its
 * compaction (raw samples older than a day merged into 5-minute buckets, everything beyond the
 * retention dropped) and its reads. Not `server-only`: the benchmark runs these as they are.
 */
import type { PipePoint } from '../../pipes/metrics/history';
import type { PipeSample, PipeSamples } from '../../pipes/metrics/parse';
import { isDirect, type Database, type Queryable } from '../db/types';
import { BUCKET_MS, RAW_HISTORY_MS } from './retention';

export interface ScrapeToWrite {
  serviceId: string;
  at: number;
  samples: PipeSamples;
  /** The sampling interval: scrapes closer together than half of it are one round (another console wrote it). */
  intervalMs: number;
}

export interface PipeStateChange {
  pipeId: string;
  serviceId: string;
  at: number;
  /** Null when the console first saw the pipe. */
  from: string | null;
  to: string;
}

export type WriteOutcome =
  { written: false } | { written: true; samples: number; stateChanges: PipeStateChange[]; compacted: boolean };

/** A counter that went down was reset: it counts from zero (as Prometheus' `rate()` reads it). */
const increase = (now: number, before: number) => (now >= before ? now - before : now);

/** A gap this many intervals long (the console was stopped) is no rate: the chart shows the gap. */
const MAX_GAP_INTERVALS = 3;

const GAUGES = [
  ['latencyMs', 'latency_ms'],
  ['replicationLagMiB', 'replication_lag_mib'],
  ['cpuMillicores', 'cpu_millicores'],
  ['cpuLimitMillicores', 'cpu_limit_millicores'],
  ['memoryBytes', 'memory_bytes'],
  ['memoryLimitBytes', 'memory_limit_bytes'],
] as const satisfies ReadonlyArray<readonly [keyof PipeSample, string]>;

interface LatestRow {
  pipe_id: string;
  at: string | number;
  sent_events: number;
  sent_bytes: number;
  fetched_events: number;
  errors_total: number;
  state: string | null;
}

/** Rows per insert statement: well under the 65 535 parameters of one. */
const BATCH = 400;

async function insertMany(db: Queryable, head: string, columns: number, rows: unknown[][], tail = ''): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + BATCH).map((row) => {
      if (row.length !== columns) throw new Error('row of the wrong width');
      return `(${row.map((value) => `$${params.push(value)}`).join(', ')})`;
    });
    await db.query(`${head} values ${tuples.join(', ')} ${tail}`, params);
  }
}

function inTransaction<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return isDirect(db) ? db.transaction(work) : work(db);
}

/**
 * Writes one scrape: what each pipe's counters gained since the scrape written before, its
 * gauges, and its state when that changed; then, at most every 5 minutes, the service's
 * compaction. All in one transaction. A scrape another console already wrote (or an older one)
 * is left out, so several consoles sharing the database write each round once.
 */
export async function writeScrape(db: Database, scrape: ScrapeToWrite, retentionMs: number): Promise<WriteOutcome> {
  return inTransaction(db, async (tx) => {
    const claimed = await tx.query<{ compacted_at: string | number }>(
      `insert into pipe_history_scrapes as h (service_id, at) values ($1, $2)
       on conflict (service_id) do update set at = excluded.at where h.at <= excluded.at - $3
       returning compacted_at`,
      [scrape.serviceId, scrape.at, Math.floor(scrape.intervalMs / 2)],
    );
    if (claimed.length === 0) return { written: false };
    const latest = new Map(
      (
        await tx.query<LatestRow>(
          'select pipe_id, at, sent_events, sent_bytes, fetched_events, errors_total, state from pipe_latest where service_id = $1',
          [scrape.serviceId],
        )
      ).map((row) => [row.pipe_id, row]),
    );
    const samples: unknown[][] = [];
    const latestRows: unknown[][] = [];
    const stateChanges: PipeStateChange[] = [];
    for (const [pipeId, sample] of scrape.samples) {
      const before = latest.get(pipeId);
      const dt = before ? scrape.at - Number(before.at) : 0;
      if (before && dt > 0 && dt <= scrape.intervalMs * MAX_GAP_INTERVALS) {
        samples.push([
          pipeId,
          scrape.serviceId,
          scrape.at,
          dt,
          increase(sample.sentEvents, before.sent_events),
          increase(sample.sentBytes, before.sent_bytes),
          increase(sample.errors, before.errors_total),
          ...GAUGES.map(([key]) => sample[key] ?? null),
        ]);
      }
      latestRows.push([
        scrape.serviceId,
        pipeId,
        scrape.at,
        sample.sentEvents,
        sample.sentBytes,
        sample.fetchedEvents,
        sample.errors,
        sample.state ?? before?.state ?? null,
      ]);
      if (sample.state !== undefined && sample.state !== (before?.state ?? null)) {
        stateChanges.push({
          pipeId,
          serviceId: scrape.serviceId,
          at: scrape.at,
          from: before?.state ?? null,
          to: sample.state,
        });
      }
    }
    if (samples.length > 0) {
      await insertMany(
        tx,
        `insert into pipe_samples (pipe_id, service_id, at, dt_ms, rows, bytes, errors, ${GAUGES.map(([, column]) => column).join(', ')})`,
        7 + GAUGES.length,
        samples,
        'on conflict (pipe_id, at) do nothing',
      );
    }
    if (latestRows.length > 0) {
      await insertMany(
        tx,
        'insert into pipe_latest (service_id, pipe_id, at, sent_events, sent_bytes, fetched_events, errors_total, state)',
        8,
        latestRows,
        `on conflict (service_id, pipe_id) do update set at = excluded.at, sent_events = excluded.sent_events, sent_bytes = excluded.sent_bytes,
           fetched_events = excluded.fetched_events, errors_total = excluded.errors_total, state = excluded.state`,
      );
    }
    // A pipe the upstream no longer reports (deleted): its next appearance starts afresh.
    const gone = [...latest.keys()].filter((id) => !scrape.samples.has(id));
    if (gone.length > 0) {
      await tx.query(
        `delete from pipe_latest where service_id = $1 and pipe_id in (${gone.map((_, i) => `$${i + 2}`).join(', ')})`,
        [scrape.serviceId, ...gone],
      );
    }
    if (stateChanges.length > 0) {
      await insertMany(
        tx,
        'insert into pipe_state_changes (service_id, pipe_id, at, from_state, to_state)',
        5,
        stateChanges.map((change) => [change.serviceId, change.pipeId, change.at, change.from, change.to]),
      );
    }
    const compacted = scrape.at - Number(claimed[0]!.compacted_at) >= BUCKET_MS;
    if (compacted) await compactService(tx, scrape.serviceId, scrape.at, retentionMs);
    return { written: true, samples: samples.length, stateChanges, compacted };
  });
}

const bucketColumns = GAUGES.flatMap(([, column]) => [`${column}_sum`, `${column}_n`]);

/**
 * Samples older than a day merged into their 5-minute buckets (whole buckets only; a bucket that
 * already exists takes the late samples in), and buckets and state changes beyond the retention
 * dropped.
 */
export async function compactService(
  db: Queryable,
  serviceId: string,
  now: number,
  retentionMs: number,
): Promise<void> {
  const cutoff = Math.floor((now - RAW_HISTORY_MS) / BUCKET_MS) * BUCKET_MS;
  await db.query(
    `insert into pipe_buckets (pipe_id, service_id, start_at, last_at, dt_ms, rows, bytes, errors, ${bucketColumns.join(', ')})
     select pipe_id, service_id, (at - 1) / ${BUCKET_MS} * ${BUCKET_MS}, max(at), sum(dt_ms), sum(rows), sum(bytes), sum(errors),
       ${GAUGES.map(([, column]) => `coalesce(sum(${column}), 0), count(${column})`).join(', ')}
     from pipe_samples where service_id = $1 and at <= $2
     group by pipe_id, service_id, (at - 1) / ${BUCKET_MS}
     on conflict (pipe_id, start_at) do update set
       last_at = greatest(pipe_buckets.last_at, excluded.last_at), dt_ms = pipe_buckets.dt_ms + excluded.dt_ms,
       rows = pipe_buckets.rows + excluded.rows, bytes = pipe_buckets.bytes + excluded.bytes, errors = pipe_buckets.errors + excluded.errors,
       ${bucketColumns.map((column) => `${column} = pipe_buckets.${column} + excluded.${column}`).join(', ')}`,
    [serviceId, cutoff],
  );
  await db.query('delete from pipe_samples where service_id = $1 and at <= $2', [serviceId, cutoff]);
  // A bucket ends after it starts: the start narrows the search to the index, the end decides.
  await db.query('delete from pipe_buckets where service_id = $1 and start_at <= $2 and last_at <= $2', [
    serviceId,
    now - retentionMs,
  ]);
  await db.query('delete from pipe_state_changes where service_id = $1 and at <= $2', [serviceId, now - retentionMs]);
  await db.query('update pipe_history_scrapes set compacted_at = $2 where service_id = $1', [serviceId, now]);
}

interface PointRow {
  t: string | number;
  dt: string | number;
  rows: number;
  bytes: number;
  errors: number;
  [gauge: string]: string | number | null;
}

/**
 * One pipe's points from `from` to `to`, merged into at most `maxPoints` windows of equal width:
 * rates from the summed gains over the summed time, gauges averaged over the scrapes that had
 * them. The last day from the raw samples, older times from the buckets.
 */
export async function readSeries(
  db: Queryable,
  pipeId: string,
  from: number,
  to: number,
  maxPoints = 240,
): Promise<PipePoint[]> {
  const width = Math.max(1, Math.ceil((to - from) / maxPoints));
  const rows = await db.query<PointRow>(
    `with points as (
       select at as t, dt_ms, rows, bytes, errors,
         ${GAUGES.map(([, column]) => `coalesce(${column}, 0) as ${column}_sum, case when ${column} is null then 0 else 1 end as ${column}_n`).join(', ')}
       from pipe_samples where pipe_id = $1 and at > $2 and at <= $3
       union all
       select last_at as t, dt_ms, rows, bytes, errors, ${bucketColumns.join(', ')}
       from pipe_buckets where pipe_id = $1 and last_at > $2 and start_at < $3
     )
     select max(t) as t, sum(dt_ms) as dt, sum(rows) as rows, sum(bytes) as bytes, sum(errors) as errors,
       ${GAUGES.map(([, column]) => `sum(${column}_sum) as ${column}_sum, sum(${column}_n) as ${column}_n`).join(', ')}
     from points group by (t - $2 - 1) / $4 order by 1`,
    [pipeId, from, to, width],
  );
  return rows.map((row) => {
    const seconds = Number(row.dt) / 1000;
    const point: PipePoint = {
      t: Math.min(Number(row.t), to),
      rowsPerSecond: seconds > 0 ? Number(row.rows) / seconds : 0,
      bytesPerSecond: seconds > 0 ? Number(row.bytes) / seconds : 0,
      errorsPerSecond: seconds > 0 ? Number(row.errors) / seconds : 0,
    };
    for (const [key, column] of GAUGES) {
      const count = Number(row[`${column}_n`]);
      if (count > 0) point[key] = Number(row[`${column}_sum`]) / count;
    }
    return point;
  });
}

interface StateChangeRow {
  pipe_id: string;
  service_id: string;
  at: string | number;
  from_state: string | null;
  to_state: string;
}

/** A pipe's state changes since `since`, oldest first. */
export async function readStateChanges(db: Queryable, pipeId: string, since: number): Promise<PipeStateChange[]> {
  const rows = await db.query<StateChangeRow>(
    'select pipe_id, service_id, at, from_state, to_state from pipe_state_changes where pipe_id = $1 and at >= $2 order by at, id',
    [pipeId, since],
  );
  return rows.map((row) => ({
    pipeId: row.pipe_id,
    serviceId: row.service_id,
    at: Number(row.at),
    from: row.from_state,
    to: row.to_state,
  }));
}
