/**
 * bench/pipe-history: what the durable pipe history costs on the embedded PGlite, with 14 days of
 * history already stored for 200 pipes (a day of 30-second samples and 13 days of 5-minute
 * buckets each, 1.3 million rows). Per scrape, the write of all 200 pipes (gains, gauges, state,
 * in one transaction; one scrape in ten also compacts the service's history); per page view, the
 * read of one pipe's 14-day chart (240 points) and of its last hour. Medians of 31 runs.
 */
import type { PipeSample, PipeSamples } from '../lib/pipes/metrics/parse';
import { openTestDatabase } from '../lib/server/db/testing';
import { BUCKET_MS, DAY_MS, RAW_HISTORY_MS } from '../lib/server/pipe-history/retention';
import { readSeries, writeScrape } from '../lib/server/pipe-history/store';
import { median, percentile } from './lib/browser';

const PIPES = 200;
const INTERVAL_MS = 30_000;
const RETENTION_DAYS = 14;
const RUNS = 31;

export interface PipeHistoryBenchResult {
  pipes: number;
  storedRows: number;
  fillMs: number;
  writeMs: number[];
  compactingWriteMs: number[];
  readChartMs: number[];
  readHourMs: number[];
}

const pipeId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function scrapeAt(round: number): PipeSamples {
  const samples: PipeSamples = new Map();
  for (let i = 0; i < PIPES; i++) {
    const sent = round * 1_000 + i;
    const sample: PipeSample = {
      id: pipeId(i),
      state: 'Running',
      fetchedEvents: sent,
      sentEvents: sent,
      fetchedBytes: sent * 200,
      sentBytes: sent * 200,
      errors: round,
      latencyMs: 40 + (i % 7),
      cpuMillicores: 250,
      cpuLimitMillicores: 1000,
      memoryBytes: 2 ** 30,
      memoryLimitBytes: 4 * 2 ** 30,
    };
    samples.set(sample.id, sample);
  }
  return samples;
}

export async function runPipeHistoryBench(): Promise<PipeHistoryBenchResult> {
  const db = await openTestDatabase();
  try {
    const now = Math.floor(Date.now() / BUCKET_MS) * BUCKET_MS;
    const rawFrom = now - RAW_HISTORY_MS;
    const filled = performance.now();
    // 14 days of history, generated inside the database: buckets for the 13 older days, samples for the last.
    await db.query(
      `insert into pipe_buckets (pipe_id, service_id, start_at, last_at, dt_ms, rows, bytes, errors, latency_ms_sum, latency_ms_n, cpu_millicores_sum, cpu_millicores_n)
       select '00000000-0000-4000-8000-' || lpad(p::text, 12, '0'), 'svc', t, t + ${BUCKET_MS}, ${BUCKET_MS}, 10000, 2000000, 0, 400, 10, 2500, 10
       from generate_series(0, ${PIPES - 1}) p, generate_series(${now - RETENTION_DAYS * DAY_MS}::bigint, ${rawFrom - BUCKET_MS}::bigint, ${BUCKET_MS}::bigint) t`,
    );
    await db.query(
      `insert into pipe_samples (pipe_id, service_id, at, dt_ms, rows, bytes, errors, latency_ms, cpu_millicores, cpu_limit_millicores, memory_bytes, memory_limit_bytes)
       select '00000000-0000-4000-8000-' || lpad(p::text, 12, '0'), 'svc', t, ${INTERVAL_MS}, 1000, 200000, 0, 40, 250, 1000, 1073741824, 4294967296
       from generate_series(0, ${PIPES - 1}) p, generate_series(${rawFrom + INTERVAL_MS}::bigint, ${now}::bigint, ${INTERVAL_MS}::bigint) t`,
    );
    const fillMs = performance.now() - filled;
    const [counts] = await db.query<{ n: string | number }>(
      'select (select count(*) from pipe_samples) + (select count(*) from pipe_buckets) as n',
    );
    const retentionMs = RETENTION_DAYS * DAY_MS;
    // The first write knows no counters yet (it writes the latest row of each pipe); not measured.
    await writeScrape(db, { serviceId: 'svc', at: now, samples: scrapeAt(0), intervalMs: INTERVAL_MS }, retentionMs);
    const writeMs: number[] = [];
    const compactingWriteMs: number[] = [];
    const readChartMs: number[] = [];
    const readHourMs: number[] = [];
    for (let run = 1; run <= RUNS * 2; run++) {
      const at = now + run * INTERVAL_MS;
      const started = performance.now();
      const outcome = await writeScrape(
        db,
        { serviceId: 'svc', at, samples: scrapeAt(run), intervalMs: INTERVAL_MS },
        retentionMs,
      );
      const took = performance.now() - started;
      if (!outcome.written || outcome.samples !== PIPES)
        throw new Error(`scrape ${run} wrote ${JSON.stringify(outcome)}`);
      (outcome.compacted ? compactingWriteMs : writeMs).push(took);
      if (run > RUNS) continue;
      const pipe = pipeId(run % PIPES);
      const read = performance.now();
      const chart = await readSeries(db, pipe, at - retentionMs, at);
      readChartMs.push(performance.now() - read);
      if (chart.length < 200) throw new Error(`a 14-day chart of ${chart.length} points`);
      const hour = performance.now();
      await readSeries(db, pipe, at - 3_600_000, at);
      readHourMs.push(performance.now() - hour);
    }
    return {
      pipes: PIPES,
      storedRows: Number(counts!.n),
      fillMs,
      writeMs: writeMs.slice(0, RUNS),
      compactingWriteMs,
      readChartMs,
      readHourMs,
    };
  } finally {
    await db.close();
  }
}

export function pipeHistoryRows(result: PipeHistoryBenchResult): string[][] {
  const rows = `${(result.storedRows / 1e6).toFixed(2)} M rows stored`;
  return [
    [
      `pipe history: write one scrape of ${result.pipes} pipes (PGlite)`,
      `${median(result.writeMs).toFixed(2)} ms`,
      `p95 ${percentile(result.writeMs, 95).toFixed(2)} ms`,
      '',
      `one transaction, ${rows}, median of ${result.writeMs.length}`,
    ],
    [
      `pipe history: same, with the compaction (1 scrape in 10)`,
      `${median(result.compactingWriteMs).toFixed(2)} ms`,
      `max ${Math.max(...result.compactingWriteMs).toFixed(2)} ms`,
      '',
      `5-minute buckets past a day, drops past ${RETENTION_DAYS} days; median of ${result.compactingWriteMs.length}`,
    ],
    [
      `pipe history: read a ${RETENTION_DAYS}-day chart of one pipe`,
      `${median(result.readChartMs).toFixed(2)} ms`,
      `p95 ${percentile(result.readChartMs, 95).toFixed(2)} ms`,
      '',
      `240 points from buckets and samples, median of ${result.readChartMs.length}`,
    ],
    [
      'pipe history: read a 1-hour chart of one pipe',
      `${median(result.readHourMs).toFixed(2)} ms`,
      `p95 ${percentile(result.readHourMs, 95).toFixed(2)} ms`,
      '',
      `120 raw samples, median of ${result.readHourMs.length}`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPipeHistoryBench()
    .then((result) => {
      console.log(`filled ${result.storedRows} rows in ${Math.round(result.fillMs)} ms`);
      for (const row of pipeHistoryRows(result)) console.log(row.join('  │  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
