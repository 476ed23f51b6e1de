/**
 * bench/main-thread: the main thread's work as a page loads, from a CPU profile of each load in
 * Chromium (unthrottled, as Lighthouse observes a page before its simulation), its busy stretches
 * between idle samples taken as tasks: the time busy, Σ(task − 50 ms) (the blocking time a desktop
 * would count), Σ(4 × task − 50 ms) (what Lighthouse's 4× CPU slowdown would count) and the
 * longest task. Busy time depends on the machine's load; compare builds side by side, their loads
 * interleaved. Measures consoles that are already running, each load in a fresh signed-in context:
 * `npx tsx bench/main-thread.ts name=url@cookie-file …` (the url is the page's own;
 * BENCH_THREAD_ROUNDS, default 5; BENCH_THREAD_DESKTOP=1 for 1350×940 instead of a phone's 412×823;
 * BENCH_THREAD_WAIT_MS, default 7000, is how long after the load event the profile goes on).
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/fixtures/chromium';
import { median } from './lib/browser';

const ROUNDS = Number(process.env.BENCH_THREAD_ROUNDS ?? 5);
const DESKTOP = process.env.BENCH_THREAD_DESKTOP === '1';
const WAIT_MS = Number(process.env.BENCH_THREAD_WAIT_MS ?? 7000);

interface Load {
  busyMs: number;
  blockingMs: number;
  blocking4xMs: number;
  longestMs: number;
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}

/** The profile's busy stretches, in ms: runs of samples between two idle ones. */
export function busyStretches(profile: CpuProfile): number[] {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const tasks: number[] = [];
  let time = 0;
  let start = -1;
  let last = 0;
  profile.samples.forEach((sample, i) => {
    time += profile.timeDeltas[i] ?? 0;
    if (idle.has(sample)) {
      if (start >= 0) tasks.push((last - start) / 1000);
      start = -1;
    } else {
      if (start < 0) start = time;
      last = time;
    }
  });
  if (start >= 0) tasks.push((last - start) / 1000);
  return tasks;
}

async function measure(browser: Browser, url: string, cookie: string): Promise<Load> {
  const context = await browser.newContext(
    DESKTOP
      ? { viewport: { width: 1350, height: 940 } }
      : { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  );
  try {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: new URL(url).origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    // What the page does after its load event (tiles drawn as their data arrives) counts too.
    await page.waitForTimeout(WAIT_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const tasks = busyStretches(profile);
    return {
      busyMs: tasks.reduce((sum, d) => sum + d, 0),
      blockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
      blocking4xMs: tasks.reduce((sum, d) => sum + Math.max(0, 4 * d - 50), 0),
      longestMs: Math.max(0, ...tasks),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const consoles = process.argv.slice(2).map((arg) => {
    const [name, rest] = arg.split(/=(.*)/s) as [string, string];
    const [url, cookieFile] = rest.split('@') as [string, string];
    return { name, url, cookie: readFileSync(cookieFile, 'utf8').trim() };
  });
  if (consoles.length === 0) throw new Error('usage: npx tsx bench/main-thread.ts name=url@cookie-file …');
  const loads = new Map(consoles.map((c) => [c.name, [] as Load[]]));
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved, the order turned each round: a busy minute falls on every build alike.
      for (const c of round % 2 ? [...consoles].reverse() : consoles)
        loads.get(c.name)!.push(await measure(browser, c.url, c.cookie));
    }
  } finally {
    await browser.close();
  }
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  console.log(`${DESKTOP ? 'desktop 1350×940' : 'phone 412×823'}; median of ${ROUNDS} loads each`);
  console.log('| console | busy | Σ(task − 50 ms) | Σ(4 × task − 50 ms) | longest task |');
  console.log('|---|---|---|---|---|');
  for (const [name, list] of loads)
    console.log(
      `| ${name} | ${ms(list.map((l) => l.busyMs))} | ${ms(list.map((l) => l.blockingMs))} | ${ms(list.map((l) => l.blocking4xMs))} | ${ms(list.map((l) => l.longestMs))} |`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
