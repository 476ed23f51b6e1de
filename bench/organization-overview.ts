/**
 * bench/organization-overview: the overview (`/`) of an organization with 10 services and 200 pipes
 * (the emulator grown through its control API), against a production build whose cloud key the
 * emulator limits as the real service does (10 requests per 10 s).
 *
 * 1. First load to content of `/` on the desktop (1280×800, a fresh signed-in browser each round):
 *    from navigation until the page's main region has its heading and no loading placeholder left.
 *    Goal ≤ 1 s, median of `BENCH_OVERVIEW_ROUNDS` (default 5).
 * 2. Upstream calls with 20 people on it: which BFF reads `/` makes, and how often it repeats each,
 *    is learned from the page itself in a real browser (so the bench measures whatever `/` is);
 *    then 20 signed-in sessions open `/` and poll those reads at the page's own pace for
 *    `BENCH_OVERVIEW_SECONDS` (default 60). Calls are counted at the emulator (every cloud call,
 *    the console's background reads such as the pipe-metrics scrape included). Goal: the most cloud
 *    calls in any 10 s window stays within the budget with room for writes (≤ 8 of 10), no upstream
 *    429, no 429 or error shown to a person.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import type { RequestLogEntry } from '../emulator/request-log';
import { launchChromium, median } from './lib/browser';
import { cloudUrl, consoleUrl, ensureBuild, maxInWindow, signIn, startServers } from './lib/servers';

const SERVICES = 10;
const PIPES = 200;
const PEOPLE = 20;
const SECONDS = Number(process.env.BENCH_OVERVIEW_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_OVERVIEW_ROUNDS ?? 5);
/** How long the page is watched to learn which reads it repeats, and how often. */
const OBSERVE_MS = Number(process.env.BENCH_OVERVIEW_OBSERVE_MS ?? 35_000);
export const FIRST_LOAD_GOAL_MS = 1_000;
const CLOUD_BUDGET = { limit: 10, windowMs: 10_000 };
/** Two of every ten requests kept for writes. */
export const PEAK_GOAL = 8;

/** A BFF read the page makes: once on load, or every `periodMs` after. */
interface PageRead {
  path: string;
  periodMs?: number;
}

export interface OverviewBenchResult {
  firstLoadMs: number[];
  reads: PageRead[];
  cloudCalls: number;
  /** Calls to the service's query host (SQL for pipe diagnosis): a budget of its own, on the cloud's port. */
  queryCalls: number;
  callsPerMinute: number;
  peakIn10s: number;
  /** The same once everyone has arrived (from 15 s on): the steady polling, without the arrival burst. */
  steadyPeakIn10s: number;
  /** Cloud calls by path (ids as {id}), most first. */
  byPath: Array<[string, number]>;
  upstreamRateLimited: number;
  userRequests: number;
  userErrors: number;
  /** What people were shown as errors, by status and BFF path (ids as {id}), most first. */
  errorsByPath: Array<[string, number]>;
  load: string;
  error?: string;
}

const CONTENT_READY = () => {
  const main = document.querySelector('main');
  if (!main || !main.querySelector('h1, h2')) return false;
  // Skeletons and "waiting/loading" statuses are the page's placeholders.
  return !main.querySelector('[class*="skeleton"]');
};

async function firstLoad(cookie: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: consoleUrl }]);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${consoleUrl}/`, { waitUntil: 'commit' });
    await page.waitForFunction(CONTENT_READY, undefined, { timeout: 30_000, polling: 'raf' });
    const elapsed = Date.now() - started;
    if (!new URL(page.url()).pathname.startsWith('/')) throw new Error(`ended on ${page.url()}`);
    return elapsed;
  } finally {
    await browser.close();
  }
}

/** The BFF reads `/` makes in a real browser, and the pace of those it repeats. */
async function learnReads(cookie: string): Promise<PageRead[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: consoleUrl }]);
    const page: Page = await context.newPage();
    const seen = new Map<string, number[]>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
      const path = `${url.pathname}${url.search}`;
      seen.set(path, [...(seen.get(path) ?? []), Date.now()]);
    });
    await page.goto(`${consoleUrl}/`);
    await page.waitForFunction(CONTENT_READY, undefined, { timeout: 30_000 });
    await sleep(OBSERVE_MS);
    return [...seen].map(([path, times]) => {
      if (times.length < 2) return { path };
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      return { path, periodMs: Math.round(median(gaps)) };
    });
  } finally {
    await browser.close();
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function byPath(calls: RequestLogEntry[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const key = `${call.method} ${call.path.split('?')[0]!.replace(UUID, '{id}')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

async function cloudRequests(): Promise<RequestLogEntry[]> {
  const response = await fetch(`${cloudUrl}/__emulator/requests`);
  return ((await response.json()) as { data: RequestLogEntry[] }).data.filter((e) => e.surface === 'cloud');
}

export async function runOrganizationOverviewBench(): Promise<OverviewBenchResult> {
  const empty = {
    firstLoadMs: [],
    reads: [],
    cloudCalls: 0,
    queryCalls: 0,
    callsPerMinute: 0,
    peakIn10s: 0,
    steadyPeakIn10s: 0,
    byPath: [],
    upstreamRateLimited: 0,
    userRequests: 0,
    userErrors: 0,
    errorsByPath: [],
  };
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  await ensureBuild();
  const servers = await startServers({ EMULATOR_BUDGETS: 'real', EMULATOR_QUIET: '1', LOG_LEVEL: 'error' });
  try {
    const grown = await fetch(`${cloudUrl}/__emulator/organization/grow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ services: SERVICES, pipes: PIPES }),
    });
    if (grown.status !== 200) throw new Error(`growing the organization: ${grown.status} ${await grown.text()}`);
    const cookies = await Promise.all(Array.from({ length: PEOPLE }, () => signIn()));
    // The first render warms the server; then the page is timed in fresh browsers.
    await fetch(`${consoleUrl}/`, { headers: { cookie: cookies[0]! } });
    const firstLoadMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) firstLoadMs.push(await firstLoad(cookies[0]!));
    const reads = await learnReads(cookies[0]!);
    if (!reads.length) throw new Error('the overview made no BFF read');

    await fetch(`${cloudUrl}/__emulator/requests`, { method: 'DELETE' });
    const started = Date.now();
    const stopAt = started + SECONDS * 1000;
    let userRequests = 0;
    let userErrors = 0;
    const errors = new Map<string, number>();
    const get = async (cookie: string, path: string) => {
      userRequests++;
      const response = await fetch(`${consoleUrl}${path}`, { headers: { cookie } });
      const body = await response.text();
      if (response.status >= 400) {
        userErrors++;
        const code = /"code":"([A-Z_]+)"/.exec(body)?.[1] ?? '';
        const key = `${response.status} ${code} GET ${path.split('?')[0]!.replace(UUID, '{id}')}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    };
    const person = async (cookie: string, index: number) => {
      // People arrive spread over the first ten seconds.
      await sleep((index * 10_000) / PEOPLE);
      await Promise.all([get(cookie, '/'), ...reads.map((read) => get(cookie, read.path))]);
      await Promise.all(
        reads
          .filter((read) => read.periodMs !== undefined)
          .map(async (read) => {
            for (let next = Date.now() + read.periodMs!; next < stopAt; next += read.periodMs!) {
              await sleep(Math.max(0, next - Date.now()));
              await get(cookie, read.path);
            }
          }),
      );
    };
    await Promise.all(cookies.map(person));
    await sleep(Math.max(0, stopAt - Date.now()));
    const during = (await cloudRequests()).filter((e) => Date.parse(e.at) >= started && Date.parse(e.at) <= stopAt);
    // The cloud API's budget covers its /v1 paths; the query host on the same port has its own.
    const calls = during.filter((e) => e.path.startsWith('/v1/'));
    const loadAfter = os.loadavg()[0]!.toFixed(1);
    return {
      firstLoadMs,
      reads,
      cloudCalls: calls.length,
      queryCalls: during.length - calls.length,
      callsPerMinute: Math.round((calls.length * 60) / SECONDS),
      peakIn10s: maxInWindow(
        calls.map((e) => Date.parse(e.at)),
        CLOUD_BUDGET.windowMs,
      ),
      steadyPeakIn10s: maxInWindow(
        calls.map((e) => Date.parse(e.at)).filter((at) => at >= started + 15_000),
        CLOUD_BUDGET.windowMs,
      ),
      byPath: byPath(calls),
      upstreamRateLimited: calls.filter((e) => e.status === 429).length,
      userRequests,
      userErrors,
      errorsByPath: [...errors].sort((a, b) => b[1] - a[1]),
      load: `load average ${loadBefore} before, ${loadAfter} after`,
    };
  } catch (error) {
    return { ...empty, load: '', error: error instanceof Error ? error.message : String(error) };
  } finally {
    servers.stop();
  }
}

export const organizationOverviewOverGoal = (r: OverviewBenchResult) =>
  r.firstLoadMs.length > 0 &&
  (median(r.firstLoadMs) > FIRST_LOAD_GOAL_MS ||
    r.peakIn10s > PEAK_GOAL ||
    r.upstreamRateLimited > 0 ||
    r.userErrors > 0);

export function organizationOverviewRows(r: OverviewBenchResult): string[][] {
  const label = `overview: ${SERVICES} services, ${PIPES} pipes`;
  if (!r.firstLoadMs.length) return [[label, 'not measured', '', '', r.error ?? '']];
  const firstLoad = median(r.firstLoadMs);
  const polled = r.reads.filter((read) => read.periodMs !== undefined);
  return [
    [
      `${label}: first load to content (desktop)`,
      `${Math.round(firstLoad)} ms`,
      `rounds ${r.firstLoadMs.join(', ')} ms`,
      `goal ≤ ${FIRST_LOAD_GOAL_MS} ms`,
      `${firstLoad <= FIRST_LOAD_GOAL_MS ? 'met' : 'NOT met'}; median of ${r.firstLoadMs.length}; ${r.load}`,
    ],
    [
      `${label}: upstream calls, ${PEOPLE} people`,
      `${r.callsPerMinute} cloud calls/min`,
      `peak ${r.peakIn10s} in 10 s (${r.steadyPeakIn10s} once all arrived)`,
      `goal ≤ ${PEAK_GOAL} of ${CLOUD_BUDGET.limit} per 10 s`,
      `${r.peakIn10s <= PEAK_GOAL && r.upstreamRateLimited === 0 && r.userErrors === 0 ? 'met' : 'NOT met'}; ` +
        `${r.userRequests} BFF reads (${r.reads.length} kinds, ${polled.length} polled: ${polled.map((read) => `${read.path.split('?')[0]} every ${Math.round(read.periodMs! / 1000)} s`).join(', ') || 'none'}), ` +
        `${r.userErrors} shown as errors, ${r.upstreamRateLimited} upstream 429s; ${r.queryCalls} query-host calls besides; ${r.load}`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOrganizationOverviewBench()
    .then((result) => {
      for (const row of organizationOverviewRows(result)) console.log(row.join('  │  '));
      console.log(
        JSON.stringify({ reads: result.reads, cloudCallsByPath: result.byPath, errorsByPath: result.errorsByPath }),
      );
      if (organizationOverviewOverGoal(result) || result.firstLoadMs.length === 0) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
