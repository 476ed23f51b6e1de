/**
 * bench/lighthouse-pages: Lighthouse's performance score of every console page, signed in as the
 * built-in admin, against a production build and the seeded emulator: overview, pipes, a pipe,
 * the wizard, keys, endpoints, scaling, dashboards, a 20-tile dashboard, alerts, audit, sources.
 * Each page with Lighthouse's default mobile settings (simulated slow 4G, 4× CPU slowdown; goal
 * ≥ 90) and its desktop settings (goal ≥ 95); Lighthouse 12.8.2 driving Debian's Chromium, nothing
 * fetched from the network. Median of 3 rounds per page and mode, the pages interleaved within a
 * round so that a noisy minute on the shared machine does not fall on one page only. The run's
 * benchmarkIndex (Lighthouse's measure of this machine's CPU speed) is the median over all runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/fixtures/chromium';
import { median } from './lib/browser';
import { createMixedDashboard } from './lib/mixed-dashboard';
import { BENCH, consoleUrl, ensureBuild, signIn, startServers } from './lib/servers';

export const MOBILE_GOAL = 90;
export const DESKTOP_GOAL = 95;
const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);
/** BENCH_LIGHTHOUSE_PAGES=keys,audit measures only those pages (while working on them). */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
/** BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's full report there, to see where a page's time goes. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

type Mode = 'mobile' | 'desktop';

interface Measure {
  score: number;
  lcpMs: number;
  tbtMs: number;
  benchmarkIndex: number;
}

export interface PageResult {
  page: string;
  path: string;
  mobile: Measure | null;
  desktop: Measure | null;
  error?: string;
}

export interface LighthousePagesResult {
  pages: PageResult[];
  benchmarkIndex: number;
  rounds: number;
  error?: string;
}

async function lighthouseRun(url: string, cookie: string, mode: Mode, name: string): Promise<Measure> {
  const chrome = await launchChrome({
    chromePath: CHROMIUM_EXECUTABLE,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const flags = {
      port: chrome.port,
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
      logLevel: 'error' as const,
      output: 'json' as const,
    };
    const result = await lighthouse(url, flags, mode === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    // A page that sent Lighthouse to the sign-in page would score the sign-in page.
    if (lhr.finalDisplayedUrl?.includes('/login')) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}`);
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path.join(REPORTS, `${name.replace(/\W+/g, '-')}-${mode}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

async function cloudGet<T>(cookie: string, path: string): Promise<T> {
  const response = await fetch(
    `${consoleUrl}/api/cloud/v1/organizations/${BENCH.organizationId}/services/${BENCH.serviceId}${path}`,
    { headers: { cookie } },
  );
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

function summarize(runs: Measure[]): Measure | null {
  if (runs.length === 0) return null;
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
    tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
    benchmarkIndex: Math.round(median(runs.map((r) => r.benchmarkIndex))),
  };
}

export async function runLighthousePagesBench(): Promise<LighthousePagesResult> {
  await ensureBuild();
  const servers = await startServers();
  try {
    const cookie = await signIn();
    const pipes = await cloudGet<{ result?: Array<{ id: string; state: string }> }>(cookie, '/datapipes');
    const pipe = pipes.result?.find((p) => p.state === 'Running') ?? pipes.result?.[0];
    if (!pipe) throw new Error('the seeded service has no pipe');
    const dashboardId = await createMixedDashboard('Bench: 20 mixed tiles (Lighthouse)', 20);
    // A service's pages at the addresses the menu links to (`/pipes` answers with a redirect there).
    const service = `/services/${BENCH.serviceId}`;
    const pages = [
      ['overview', '/'],
      ['pipes', `${service}/pipes`],
      ['a pipe', `${service}/pipes/${pipe.id}`],
      ['wizard', `${service}/pipes/new`],
      ['keys', '/keys'],
      ['endpoints', `${service}/endpoints`],
      ['scaling', `${service}/scaling`],
      ['dashboards', '/dashboards'],
      ['20-tile dashboard', `/dashboards/${dashboardId}`],
      ['alerts', '/alerts'],
      ['audit', '/audit'],
      ['sources', '/sources'],
    ].filter(([name]) => !ONLY || ONLY.includes(name!)) as Array<[string, string]>;
    // The first render of each page warms the server (its compiled chunks, its upstream reads).
    for (const [, pagePath] of pages) await fetch(`${consoleUrl}${pagePath}`, { headers: { cookie } });
    const runs = new Map<string, { mobile: Measure[]; desktop: Measure[]; error?: string }>(
      pages.map(([name]) => [name, { mobile: [], desktop: [] }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, pagePath] of pages) {
        const entry = runs.get(name)!;
        for (const mode of ['mobile', 'desktop'] as const) {
          try {
            entry[mode].push(await lighthouseRun(`${consoleUrl}${pagePath}`, cookie, mode, name));
          } catch (error) {
            entry.error = error instanceof Error ? error.message : String(error);
          }
        }
        if (process.env.BENCH_VERBOSE)
          console.error(
            `round ${round + 1} ${name}: mobile ${entry.mobile.at(-1)?.score} desktop ${entry.desktop.at(-1)?.score}`,
          );
      }
    }
    const all = [...runs.values()].flatMap((r) => [...r.mobile, ...r.desktop]);
    return {
      rounds: ROUNDS,
      benchmarkIndex: all.length ? Math.round(median(all.map((r) => r.benchmarkIndex))) : NaN,
      pages: pages.map(([name, pagePath]) => {
        const entry = runs.get(name)!;
        return {
          page: name,
          path: pagePath,
          mobile: summarize(entry.mobile),
          desktop: summarize(entry.desktop),
          ...(entry.error ? { error: entry.error } : {}),
        };
      }),
    };
  } catch (error) {
    return {
      rounds: ROUNDS,
      benchmarkIndex: NaN,
      pages: [],
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    servers.stop();
  }
}

export function lighthousePagesUnderGoal(result: LighthousePagesResult): boolean {
  return result.pages.some(
    (page) =>
      (page.mobile !== null && page.mobile.score < MOBILE_GOAL) ||
      (page.desktop !== null && page.desktop.score < DESKTOP_GOAL),
  );
}

const cell = (measure: Measure | null) =>
  measure ? `${measure.score} (LCP ${measure.lcpMs} ms, TBT ${measure.tbtMs} ms)` : 'not measured';

export function lighthousePagesRows(result: LighthousePagesResult): string[][] {
  if (result.error) return [['Lighthouse pages', 'not measured', '', '', result.error]];
  return result.pages.map((page) => {
    const meets = (page.mobile?.score ?? 0) >= MOBILE_GOAL && (page.desktop?.score ?? 0) >= DESKTOP_GOAL;
    return [
      `Lighthouse: ${page.page}`,
      `mobile ${cell(page.mobile)}`,
      `desktop ${cell(page.desktop)}`,
      `goal mobile ≥ ${MOBILE_GOAL}, desktop ≥ ${DESKTOP_GOAL}`,
      `${meets ? 'meets' : 'MISSES'} the goal; benchmarkIndex ${result.benchmarkIndex}; median of ${result.rounds}${page.error ? `; ${page.error}` : ''}`,
    ];
  });
}

/** The one table of this benchmark alone, as Markdown (the README quotes it). */
export function lighthousePagesMarkdown(result: LighthousePagesResult): string {
  const lines = [
    `benchmarkIndex ${result.benchmarkIndex}; ${os.cpus().length} cores, Node ${process.version}; median of ${result.rounds} rounds per page and mode`,
    '',
    '| page | mobile score | mobile LCP | mobile TBT | desktop score | desktop LCP | desktop TBT |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const page of result.pages) {
    const m = page.mobile;
    const d = page.desktop;
    lines.push(
      `| ${page.page} | ${m?.score ?? '–'} | ${m ? `${m.lcpMs} ms` : '–'} | ${m ? `${m.tbtMs} ms` : '–'} | ${d?.score ?? '–'} | ${d ? `${d.lcpMs} ms` : '–'} | ${d ? `${d.tbtMs} ms` : '–'} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runLighthousePagesBench()
    .then((result) => {
      if (result.error) throw new Error(result.error);
      console.log(lighthousePagesMarkdown(result));
      for (const page of result.pages) if (page.error) console.log(`${page.page}: ${page.error}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
