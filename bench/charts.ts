/**
 * bench/charts: in Chromium, the time from data ready (raw points in memory) to the chart painted
 * and the SVG node count per chart, for 5 series of 10k, 100k and 1M raw points each; in Node, the
 * min-max reduction of 1M points. Targets: < 100 ms and < 300 nodes per chart at every size;
 * reduction of 1M points < 10 ms. Medians of several runs.
 *
 * Then a phone's first screen: one tile's first draw, lines (5 × 60 buckets) and stacked bars
 * (4 × 60), 380×200 px, under Lighthouse's mobile 4× CPU slowdown, as TileChart draws it in its own
 * task (one flushSync: render, effects, the store's renders); median of `CHART_BENCH_FIRST_RUNS`.
 *
 * And a page's first chart, cold: the first line chart a fresh browser draws under the same
 * slowdown, its code never run before, with and without V8's compile hint the build puts on every
 * chunk (scripts/compile-hints.ts); median of `CHART_BENCH_COLD_RUNS` fresh browsers per variant.
 *
 * The browser side (bench/charts/harness.tsx) renders the charts' own render component; esbuild
 * (already installed with tsx) bundles it into a local page, so no server or bench-only route is
 * needed.
 */
import { minMaxReduce } from '../components/charts/min-max';
import { COMPILE_HINT } from '../scripts/compile-hints';
import { launchChromium, median } from './lib/browser';
import { bundleForBrowser, pageOf } from './lib/browser-bundle';

export const CHART_TARGETS = { paintMs: 100, svgNodes: 300, reduceMs: 10 } as const;
const SERIES = 5;
const SIZES = [10_000, 100_000, 1_000_000];
const RUNS = Number(process.env.CHART_BENCH_RUNS ?? 5);
const FIRST_RUNS = Number(process.env.CHART_BENCH_FIRST_RUNS ?? 15);
const COLD_RUNS = Number(process.env.CHART_BENCH_COLD_RUNS ?? 5);
const FIRST_SCREEN = ['lines', 'stacked'] as const;
const WIDTH_PX = 640;
const HEIGHT_PX = 240;

export interface ChartSizeResult {
  points: number;
  paintMs: number;
  reduceMs: number;
  svgNodes: number;
  pathPoints: number;
}

export interface FirstScreenChart {
  kind: (typeof FIRST_SCREEN)[number];
  drawMs: number;
  svgNodes: number;
}

export interface ChartsBenchResult {
  sizes: ChartSizeResult[];
  firstScreen: FirstScreenChart[];
  /** A fresh browser's first line chart under 4× slowdown, its chunk as the build ships it (hinted) and without the hint. */
  cold: { hintedMs: number; unhintedMs: number };
  nodeReduceMs: number;
  runs: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function bundleHarness(hinted = false): Promise<string> {
  const bundle = await bundleForBrowser('bench/charts/harness.tsx');
  return pageOf(hinted ? { ...bundle, js: `${COMPILE_HINT}\n${bundle.js}` } : bundle);
}

/** 1M points in typed arrays, reduced to a 600-column chart, as TileChart's prepare does per line. */
function nodeReduceMs(): number {
  const n = 1_000_000;
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = i * 1000;
    v[i] = Math.sin(i / 500) * 100 + (i % 9973 === 0 ? 1000 : 0);
  }
  for (let warm = 0; warm < 3; warm++) minMaxReduce({ t, v }, 600);
  const samples: number[] = [];
  for (let run = 0; run < 15; run++) {
    const start = performance.now();
    minMaxReduce({ t, v }, 600);
    samples.push(performance.now() - start);
  }
  return round(median(samples));
}

/** Each first-screen chart drawn under a 4× CPU slowdown, kinds interleaved; medians. */
async function firstScreenCharts(page: import('@playwright/test').Page): Promise<FirstScreenChart[]> {
  const draw = (kind: FirstScreenChart['kind']) => page.evaluate((k) => window.benchFirstScreen(k), kind);
  for (const kind of FIRST_SCREEN) await draw(kind);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    const samples = new Map<FirstScreenChart['kind'], Awaited<ReturnType<typeof draw>>[]>();
    for (let run = 0; run < FIRST_RUNS; run++) {
      for (const kind of FIRST_SCREEN) samples.set(kind, [...(samples.get(kind) ?? []), await draw(kind)]);
    }
    return FIRST_SCREEN.map((kind) => ({
      kind,
      drawMs: round(median(samples.get(kind)!.map((r) => r.drawMs))),
      svgNodes: Math.max(...samples.get(kind)!.map((r) => r.svgNodes)),
    }));
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/** The first line chart of a fresh browser each run, under 4× slowdown; the variants interleaved. */
async function coldFirstChart(): Promise<ChartsBenchResult['cold']> {
  const pages = { hinted: await bundleHarness(true), unhinted: await bundleHarness(false) };
  const samples: Record<keyof typeof pages, number[]> = { hinted: [], unhinted: [] };
  for (let run = 0; run < COLD_RUNS; run++) {
    for (const variant of ['unhinted', 'hinted'] as const) {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
        await page.setContent(pages[variant]);
        await page.waitForFunction(() => typeof window.benchFirstScreen === 'function');
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        samples[variant].push((await page.evaluate(() => window.benchFirstScreen('lines'))).drawMs);
      } finally {
        await browser.close();
      }
    }
  }
  return { hintedMs: round(median(samples.hinted)), unhintedMs: round(median(samples.unhinted)) };
}

export async function runChartsBench(): Promise<ChartsBenchResult> {
  const html = await bundleHarness();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(html);
    await page.waitForFunction(() => typeof window.benchChart === 'function');
    const run = (points: number) =>
      page.evaluate((p) => window.benchChart({ series: 5, points: p, widthPx: 640, heightPx: 240 }), points);
    // Warm up: recharts' and React's code paths compiled before anything is timed.
    await run(1_000);
    await run(10_000);
    const samples = new Map<number, Awaited<ReturnType<typeof run>>[]>(SIZES.map((s) => [s, []]));
    // Interleaved rounds, so a slow moment of the shared machine hits every size alike.
    for (let round = 0; round < RUNS; round++) {
      for (const points of SIZES) samples.get(points)!.push(await run(points));
    }
    const sizes = SIZES.map((points) => {
      const list = samples.get(points)!;
      return {
        points,
        paintMs: round(median(list.map((r) => r.paintMs))),
        reduceMs: round(median(list.map((r) => r.reduceMs))),
        svgNodes: Math.max(...list.map((r) => r.svgNodes)),
        pathPoints: Math.max(...list.map((r) => r.pathPoints)),
      };
    });
    const firstScreen = await firstScreenCharts(page);
    return { sizes, firstScreen, cold: await coldFirstChart(), nodeReduceMs: nodeReduceMs(), runs: RUNS };
  } finally {
    await browser.close();
  }
}

const pass = (ok: boolean) => (ok ? 'ok' : 'OVER target');

export function chartsRows(result: ChartsBenchResult): string[][] {
  const rows = result.sizes.map((s) => [
    `charts: ${SERIES} × ${s.points.toLocaleString('en')} points`,
    `${s.paintMs} ms to paint (${s.reduceMs} ms reducing)`,
    `${s.svgNodes} SVG nodes`,
    `< ${CHART_TARGETS.paintMs} ms: ${pass(s.paintMs < CHART_TARGETS.paintMs)}; < ${CHART_TARGETS.svgNodes} nodes: ${pass(s.svgNodes < CHART_TARGETS.svgNodes)}`,
    `${s.pathPoints} points drawn, ${WIDTH_PX}×${HEIGHT_PX} px, median of ${result.runs}`,
  ]);
  for (const chart of result.firstScreen) {
    rows.push([
      `charts: a phone's first ${chart.kind === 'lines' ? 'line chart (5 × 60)' : 'stacked bars (4 × 60)'}`,
      `${chart.drawMs} ms to draw under 4× CPU slowdown`,
      `${chart.svgNodes} SVG nodes`,
      'for the record (its own task: Lighthouse counts what passes 50 ms)',
      `380×200 px, median of ${FIRST_RUNS}`,
    ]);
  }
  rows.push([
    "charts: a fresh browser's first line chart (5 × 60), cold",
    `${result.cold.hintedMs} ms to draw under 4× CPU slowdown as built (${result.cold.unhintedMs} ms without the compile hint)`,
    '',
    'for the record (the first chart runs recharts for the first time)',
    `380×200 px, median of ${COLD_RUNS} fresh browsers each`,
  ]);
  rows.push([
    'charts: min-max reduction of 1M points (Node)',
    `${result.nodeReduceMs} ms`,
    '',
    `< ${CHART_TARGETS.reduceMs} ms: ${pass(result.nodeReduceMs < CHART_TARGETS.reduceMs)}`,
    'median of 15',
  ]);
  return rows;
}

export function chartsOverTarget(result: ChartsBenchResult): boolean {
  return (
    result.nodeReduceMs >= CHART_TARGETS.reduceMs ||
    result.sizes.some((s) => s.paintMs >= CHART_TARGETS.paintMs || s.svgNodes >= CHART_TARGETS.svgNodes)
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runChartsBench()
    .then((result) => {
      for (const row of chartsRows(result)) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
