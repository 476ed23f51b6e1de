/**
 * bench/pipe-metrics: reading the cloud's Prometheus answer for a service with 200 pipes, as the
 * console's sampler does on every scrape: the text parsed into one record per pipe, then that
 * scrape added to the history (rates from counter deltas). The answer is the emulator's, which
 * writes the vendor's metric names and labels. Goal: parse ≤ 20 ms, median of 31 runs. Beside it,
 * interleaved, the maintained package parse-prometheus-text-format reading the same text (a dev
 * dependency kept for this comparison: the reason the console reads the format itself).
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { startEmulator } from '../emulator/index';
import { kafkaBody } from '../emulator/test/pipe-fixtures';
import { PipeMetricsHistory } from '../lib/pipes/metrics/history';
import { parsePipeMetrics } from '../lib/pipes/metrics/parse';
import { median, percentile } from './lib/browser';

export const PIPE_METRICS_GOAL_MS = 20;
const PIPES = 200;
const RUNS = 31;

export interface PipeMetricsBenchResult {
  pipes: number;
  bytes: number;
  parseMs: number[];
  historyMs: number[];
  packageMs: number[];
}

async function prometheusText(): Promise<string> {
  const emulator = await startEmulator({ port: 0, quiet: true, stepMs: 5 });
  try {
    const authorization = `Basic ${Buffer.from(`${emulator.cloudKeyId}:${emulator.cloudKeySecret}`).toString('base64')}`;
    const service = `${emulator.cloudUrl}/v1/organizations/${emulator.organizationId}/services/${emulator.serviceId}`;
    const seeded = parsePipeMetrics(
      await (await fetch(`${service}/prometheus`, { headers: { authorization } })).text(),
    ).size;
    for (let i = seeded; i < PIPES; i++) {
      const response = await fetch(`${service}/clickpipes`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(kafkaBody({ topics: `events-${i}` }, { name: `Bench pipe ${i}` })),
      });
      if (response.status !== 200) throw new Error(`creating pipe ${i}: ${response.status} ${await response.text()}`);
    }
    // A few emulator steps: the pipes run and their counters move.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return await (await fetch(`${service}/prometheus?filtered_metrics=true`, { headers: { authorization } })).text();
  } finally {
    await emulator.close();
  }
}

export async function runPipeMetricsBench(): Promise<PipeMetricsBenchResult> {
  const text = await prometheusText();
  const pipes = parsePipeMetrics(text).size;
  if (pipes < PIPES) throw new Error(`the answer holds ${pipes} pipes, not ${PIPES}`);
  for (let warm = 0; warm < 5; warm++) parsePipeMetrics(text);
  const parseMs: number[] = [];
  const historyMs: number[] = [];
  const packageMs: number[] = [];
  const history = new PipeMetricsHistory();
  for (let run = 0; run < RUNS; run++) {
    const before = performance.now();
    parsePrometheusTextFormat(text);
    packageMs.push(performance.now() - before);
    const started = performance.now();
    const samples = parsePipeMetrics(text);
    parseMs.push(performance.now() - started);
    const added = performance.now();
    history.add(1_000_000 + run * 30_000, samples);
    historyMs.push(performance.now() - added);
  }
  return { pipes, bytes: Buffer.byteLength(text), parseMs, historyMs, packageMs };
}

export const pipeMetricsOverGoal = (result: PipeMetricsBenchResult) => median(result.parseMs) > PIPE_METRICS_GOAL_MS;

export function pipeMetricsRows(result: PipeMetricsBenchResult): string[][] {
  const kb = Math.round(result.bytes / 1024);
  const parse = median(result.parseMs);
  return [
    [
      `pipe metrics: parse ${result.pipes} pipes`,
      `${parse.toFixed(2)} ms`,
      `p95 ${percentile(result.parseMs, 95).toFixed(2)} ms`,
      `goal ≤ ${PIPE_METRICS_GOAL_MS} ms`,
      `${parse <= PIPE_METRICS_GOAL_MS ? 'met' : 'NOT met'}, ${kb} KB of Prometheus text, median of ${result.parseMs.length}`,
    ],
    [
      'pipe metrics: same text, parse-prometheus-text-format',
      `${median(result.packageMs).toFixed(2)} ms`,
      `p95 ${percentile(result.packageMs, 95).toFixed(2)} ms`,
      '',
      `${(median(result.packageMs) / parse).toFixed(1)}× the console's reader, interleaved`,
    ],
    [
      'pipe metrics: scrape added to history',
      `${median(result.historyMs).toFixed(2)} ms`,
      `p95 ${percentile(result.historyMs, 95).toFixed(2)} ms`,
      '',
      'rates from counter deltas, per scrape',
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPipeMetricsBench()
    .then((result) => {
      for (const row of pipeMetricsRows(result)) console.log(row.join('  │  '));
      if (pipeMetricsOverGoal(result)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
