/**
 * bench/pipe-page: Lighthouse's desktop performance score of a pipe's page with its metrics (the
 * totals, the rates and the charts drawn from the console's scrapes), signed in, against a
 * production build and the emulator; Lighthouse 12.8.2 driving Debian's Chromium, nothing fetched
 * from the network. Goal ≥ 95, median of 3 rounds. Then the first chart: from the navigation's start
 * until the "Rows per second" chart is drawn (recharts' SVG in it), in Chromium on a fresh page each
 * round, and how many reads of the pipe's metrics the browser made before it (the page brings them).
 */
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/fixtures/chromium';
import { launchChromium, median } from './lib/browser';
import { BENCH, consoleUrl, ensureBuild, signIn, startServers } from './lib/servers';

export const PIPE_PAGE_GOAL = 95;
const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);
const FIRST_CHART_ROUNDS = 7;
/** Scrapes often enough that the charts have rates by the time Lighthouse looks. */
const INTERVAL_MS = 2_000;

export interface PipePageRound {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface FirstChartRound {
  /** From the navigation's start until the first chart's SVG is in the page. */
  drawnMs: number;
  /** Reads of the pipe's metrics the browser sent before the chart was drawn. */
  metricsReads: number;
}

export interface PipePageBenchResult {
  rounds: PipePageRound[];
  firstChart: FirstChartRound[];
  error?: string;
}

const FIRST_CHART = 'figure[aria-label="Rows per second"] svg.recharts-surface';

/** The first chart's time on fresh pages (a viewport tall enough that it is on screen at once). */
async function firstChartRounds(url: string, cookie: string, rounds: number): Promise<FirstChartRound[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 }, extraHTTPHeaders: { cookie } });
    const results: FirstChartRound[] = [];
    for (let i = 0; i < rounds; i++) {
      const page = await context.newPage();
      let metricsReads = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/pipe-metrics/')) metricsReads++;
      });
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForSelector(FIRST_CHART, { timeout: 60_000 });
      const drawnMs = await page.evaluate(() => Math.round(performance.now()));
      results.push({ drawnMs, metricsReads });
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function lighthouseRound(url: string, cookie: string): Promise<PipePageRound> {
  const chrome = await launchChrome({
    chromePath: CHROMIUM_EXECUTABLE,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        onlyCategories: ['performance'],
        extraHeaders: { Cookie: cookie },
        logLevel: 'error',
        output: 'json',
      },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.includes('/pipes/'))
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not the pipe page`);
    const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    };
  } finally {
    chrome.kill();
  }
}

/** A running pipe of the seeded service (its counters move, so its charts have lines). */
async function runningPipeId(cookie: string): Promise<string> {
  const response = await fetch(
    `${consoleUrl}/api/cloud/v1/organizations/${BENCH.organizationId}/services/${BENCH.serviceId}/datapipes`,
    { headers: { cookie } },
  );
  const body = (await response.json()) as { result?: Array<{ id: string; state: string }> };
  const pipe = body.result?.find((p) => p.state === 'Running');
  if (!pipe) throw new Error(`no running pipe among the seeded ones (${response.status})`);
  return pipe.id;
}

export async function runPipePageBench(): Promise<PipePageBenchResult> {
  await ensureBuild();
  const servers = await startServers({ PIPE_METRICS_INTERVAL_MS: String(INTERVAL_MS) });
  try {
    const cookie = await signIn();
    const url = `${consoleUrl}/pipes/${await runningPipeId(cookie)}`;
    // A few scrapes first: rates need two, and the charts a short history.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 3));
    await fetch(url, { headers: { cookie } }); // the page's first render warms the server
    const rounds: PipePageRound[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await lighthouseRound(url, cookie));
    const firstChart = await firstChartRounds(url, cookie, FIRST_CHART_ROUNDS);
    return { rounds, firstChart };
  } catch (error) {
    return { rounds: [], firstChart: [], error: error instanceof Error ? error.message : String(error) };
  } finally {
    servers.stop();
  }
}

export const pipePageUnderGoal = (result: PipePageBenchResult) =>
  result.rounds.length > 0 && median(result.rounds.map((r) => r.score)) < PIPE_PAGE_GOAL;

export function pipePageRows(result: PipePageBenchResult): string[][] {
  if (result.rounds.length === 0)
    return [['pipe page: Lighthouse desktop', 'not measured', '', `goal ≥ ${PIPE_PAGE_GOAL}`, result.error ?? '']];
  const pick = (key: keyof PipePageRound) => median(result.rounds.map((r) => r[key]));
  const score = pick('score');
  return [
    [
      'pipe page: Lighthouse desktop',
      `score ${score}`,
      `scores ${result.rounds.map((r) => r.score).join(', ')}`,
      `goal ≥ ${PIPE_PAGE_GOAL}`,
      `${score >= PIPE_PAGE_GOAL ? 'met' : 'NOT met'}; FCP ${pick('fcpMs')} ms, LCP ${pick('lcpMs')} ms, TBT ${pick('tbtMs')} ms, CLS ${pick('cls')}; median of ${result.rounds.length}`,
    ],
    ...firstChartRows(result.firstChart),
  ];
}

function firstChartRows(rounds: FirstChartRound[]): string[][] {
  if (rounds.length === 0) return [];
  const drawn = rounds.map((r) => r.drawnMs);
  return [
    [
      'pipe page: first chart drawn',
      `${median(drawn)} ms`,
      `runs ${drawn.join(', ')} ms`,
      '',
      `metrics reads by the browser before it: ${median(rounds.map((r) => r.metricsReads))}; median of ${rounds.length}, from the navigation's start, Chromium (not throttled)`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPipePageBench()
    .then((result) => {
      for (const row of pipePageRows(result)) console.log(row.join('  │  '));
      if (pipePageUnderGoal(result) || result.rounds.length === 0) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
