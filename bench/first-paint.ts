/**
 * bench/first-paint: whether each page's largest paint (its LCP) comes with its first paint, as
 * Chromium observes it with Lighthouse's mobile CPU slowdown (4×) and screen (412×823), a cold
 * signed-in context per load: the LCP element, the time from the first contentful paint to the LCP,
 * and how many scripts had arrived before the LCP. Unlike Lighthouse's scores this barely depends
 * on the machine's load. Measures consoles that are already running, interleaved load by load:
 * `npx tsx bench/first-paint.ts name=url@cookie-file …` (BENCH_PAINT_PAGES=path,path; BENCH_PAINT_ROUNDS).
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/fixtures/chromium';
import { median } from './lib/browser';

interface Paint {
  fcp: number;
  lcp: number;
  element: string;
  scriptsBefore: number;
}

const ROUNDS = Number(process.env.BENCH_PAINT_ROUNDS ?? 5);
const PAGES = (process.env.BENCH_PAINT_PAGES ?? '/keys').split(',');

async function measure(url: string, cookie: string): Promise<Paint> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: new URL(url).origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { time: number; element: string }[] };
      w.__lcp = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { element?: Element }[]) {
          const element = (entry as unknown as { element?: Element }).element;
          w.__lcp.push({
            time: entry.startTime,
            element: element
              ? `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0] ?? ''} “${(element.textContent ?? '').slice(0, 40)}”`
              : '?',
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    // LCP entries stop at the first input; settle the page's streamed parts first.
    await page.waitForTimeout(3000);
    return await page.evaluate(() => {
      const w = window as unknown as { __lcp: { time: number; element: string }[] };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const last = w.__lcp.at(-1) ?? { time: NaN, element: '?' };
      const scriptsBefore = performance.getEntriesByType('resource').filter((r) => {
        const t = r as PerformanceResourceTiming;
        return t.initiatorType === 'script' && t.responseEnd <= last.time;
      }).length;
      return { fcp, lcp: last.time, element: last.element, scriptsBefore };
    });
  } finally {
    await browser.close();
  }
}

async function main() {
  const consoles = process.argv.slice(2).map((arg) => {
    const [name, rest] = arg.split('=', 2) as [string, string];
    const [url, cookieFile] = rest.split('@') as [string, string];
    return { name, url, cookie: readFileSync(cookieFile, 'utf8').trim() };
  });
  const results = new Map<string, Paint[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of PAGES) {
      for (const c of consoles) {
        const key = `${c.name} ${path}`;
        const paint = await measure(`${c.url}${path}`, c.cookie);
        results.set(key, [...(results.get(key) ?? []), paint]);
        if (process.env.BENCH_VERBOSE) console.error(key, JSON.stringify(paint));
      }
    }
  }
  console.log(
    '| console | page | FCP | LCP | LCP − FCP | LCP = FCP | scripts in before LCP | LCP element (last load) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [key, paints] of results) {
    const [name, path] = key.split(' ');
    const gap = paints.map((p) => p.lcp - p.fcp);
    console.log(
      `| ${name} | ${path} | ${Math.round(median(paints.map((p) => p.fcp)))} ms | ${Math.round(median(paints.map((p) => p.lcp)))} ms | ${Math.round(median(gap))} ms | ${paints.filter((p) => p.lcp === p.fcp).length} of ${paints.length} | ${median(paints.map((p) => p.scriptsBefore))} | ${paints.at(-1)!.element} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
