/**
 * bench/infer: in Chromium, inferring the columns of a 10,000-line JSON sample with the wizard's
 * code — on the page's thread (the computation) and through the inference worker as the wizard
 * does (post the text, receive the columns). Goal: ≤ 200 ms, median of 15 runs. The page is a
 * local one bundled by esbuild (bench/lib/browser-bundle.ts), so no server is needed.
 */
import { launchChromium, median, percentile } from './lib/browser';
import { bundleForBrowser, pageOf } from './lib/browser-bundle';
import type { InferHarnessResult } from './infer/harness';

export const INFER_GOAL_MS = 200;
const LINES = 10_000;
const RUNS = Number(process.env.BENCH_INFER_RUNS ?? 15);

export interface InferBenchResult extends InferHarnessResult {
  lines: number;
}

export async function runInferBench(): Promise<InferBenchResult> {
  const [page, worker] = await Promise.all([
    bundleForBrowser('bench/infer/harness.ts'),
    bundleForBrowser('lib/pipes/infer/infer.worker.ts'),
  ]);
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.setContent(pageOf(page));
    const result = (await tab.evaluate((run) => window.benchInfer(run), {
      lines: LINES,
      runs: RUNS,
      workerSource: worker.js,
    })) as InferHarnessResult;
    return { ...result, lines: LINES };
  } finally {
    await browser.close();
  }
}

export const inferOverGoal = (result: InferBenchResult) => median(result.workerMs) > INFER_GOAL_MS;

export function inferRows(result: InferBenchResult): string[][] {
  const size = `${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${result.columns} columns`;
  const row = (name: string, samples: number[], note: string) => {
    const p50 = median(samples);
    return [
      name,
      `${p50.toFixed(1)} ms`,
      `p95 ${percentile(samples, 95).toFixed(1)} ms`,
      `goal ≤ ${INFER_GOAL_MS} ms`,
      `${p50 <= INFER_GOAL_MS ? 'met' : 'NOT met'}, ${note}, median of ${samples.length}`,
    ];
  };
  return [
    row(
      `infer: ${result.lines.toLocaleString('en-US')}-line JSON sample, worker`,
      result.workerMs,
      `post to answer, ${size}`,
    ),
    row(
      `infer: ${result.lines.toLocaleString('en-US')}-line JSON sample, page thread`,
      result.mainThreadMs,
      'the computation alone',
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runInferBench()
    .then((result) => {
      for (const row of inferRows(result)) console.log(row.join('  │  '));
      if (inferOverGoal(result)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
