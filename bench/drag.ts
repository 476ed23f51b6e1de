/**
 * bench/drag: a scripted mouse drag of one tile on a 50-tile dashboard of every tile kind, in headless Chromium.
 *   p95 frame       95th percentile of requestAnimationFrame intervals while dragging
 *   longest task    the longest `longtask` / `long-animation-frame` entry in the same window
 *   re-renders      renders of other tiles' contents (charts) from the press to the save,
 *                   counted by the editor when `window.__sluiceProfile` is set (see
 *                   components/dashboards/editor/render-profile.ts)
 * The dashboard is created through the emulator (its open-source surface) before the rounds.
 * Targets: p95 < 16.7 ms, no task > 50 ms, 0 re-renders of other tiles. rAF runs on the 60 Hz
 * frame clock, so on time its intervals are 16.7 ms give or take the timer's jitter: the p95 check
 * allows that jitter (0.2 ms) and the row also counts dropped frames (intervals ≥ 1.5 frames).
 */
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { createMixedDashboard } from './lib/mixed-dashboard';
import { consoleUrl, ensureBuild, signIn, startServers } from './lib/servers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A 60 Hz frame, plus the 0.1 ms resolution of `performance.now()` and the compositor's jitter around it. */
const FRAME_BUDGET_MS = 16.7;
const TIMER_JITTER_MS = 0.2;
const TILES = 50;
const DRAG_STEPS = 40;

export interface DragResult {
  rounds: number;
  p95FrameMs: number;
  maxFrameMs: number;
  longestTaskMs: number;
  otherTileRenders: number;
  frames: number;
  droppedFrames: number;
}

interface RoundResult {
  frameDeltas: number[];
  longestTaskMs: number;
  renders: Record<string, number>;
}

/** 50 tiles, 4 per row, every display type in turn (lib/mixed-dashboard.ts). */
function createDashboard(): Promise<string> {
  return createMixedDashboard('Bench: 50 mixed tiles', TILES);
}

/**
 * Installed before the page's scripts: the render counter and the frame and long-task recorders.
 * Plain text, since tsx's transpiled functions reference helpers the page does not have.
 */
const INSTRUMENT = `
  window.__sluiceProfile = { tileRenders: {} };
  window.__bench = { longest: 0, recording: false, deltas: [], tasks: [] };
  for (const type of ['longtask', 'long-animation-frame']) {
    try {
      new PerformanceObserver((list) => {
        if (!window.__bench.recording) return;
        for (const entry of list.getEntries()) {
          window.__bench.longest = Math.max(window.__bench.longest, entry.duration);
          if (entry.duration > 30) window.__bench.tasks.push(entry.entryType + '@' + Math.round(entry.startTime - window.__bench.t0) + ':' + Math.round(entry.duration));
        }
      }).observe({ type, buffered: false });
    } catch {}
  }
  let last = 0;
  const tick = (now) => {
    if (window.__bench.recording && last) window.__bench.deltas.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

async function dragRound(page: Page, dashboardId: string): Promise<RoundResult> {
  await page.goto(`/dashboards/${dashboardId}?range=1h`);
  const tile = page.getByRole('article', { name: 'Tile 1', exact: true });
  await tile.waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const handle = tile.locator('[data-drag-handle]');
  const box = (await handle.boundingBox())!;
  const column = ((await page.locator('.react-grid-item').first().boundingBox())!.width + 10) / 6;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;

  const rendersOnLoad = await page.evaluate(() => {
    const w = window as unknown as {
      __sluiceProfile: { tileRenders: Record<string, number> };
      __bench: { longest: number; recording: boolean; deltas: number[] };
    };
    const before = Object.keys(w.__sluiceProfile.tileRenders).length;
    w.__sluiceProfile.tileRenders = {};
    w.__bench.longest = 0;
    w.__bench.deltas = [];
    w.__bench.recording = true;
    (w.__bench as unknown as { t0: number }).t0 = performance.now();
    return before;
  });
  // The counter must be live, or "0 re-renders" would mean nothing.
  if (rendersOnLoad < TILES)
    throw new Error(`the render counter saw ${rendersOnLoad} of ${TILES} tiles render on load`);
  // A person's drag: press, pass the threshold, then one pointer event per frame to the target
  // (two columns right and two tile rows down), then release.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 6, y + 6);
  const dx = 8 * column;
  const dy = 2 * (5 * 42);
  for (let i = 1; i <= DRAG_STEPS; i++) {
    await page.mouse.move(x + (dx * i) / DRAG_STEPS, y + (dy * i) / DRAG_STEPS);
    await page.waitForTimeout(16);
  }
  const upAt = await page.evaluate(() =>
    Math.round(performance.now() - (window as unknown as { __bench: { t0: number } }).__bench.t0),
  );
  await page.mouse.up();
  if (process.env.BENCH_DEBUG) console.log('mouse up at', upAt);
  await page.getByRole('main').locator('[data-state="saved"]').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const w = window as unknown as {
      __sluiceProfile: { tileRenders: Record<string, number> };
      __bench: { longest: number; recording: boolean; deltas: number[] };
    };
    w.__bench.recording = false;
    console.log(JSON.stringify((w.__bench as unknown as { tasks: string[] }).tasks));
    return { frameDeltas: w.__bench.deltas, longestTaskMs: w.__bench.longest, renders: w.__sluiceProfile.tileRenders };
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function runDragBench(): Promise<DragResult> {
  await ensureBuild();
  const servers = await startServers();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
  try {
    const dashboardId = await createDashboard();
    const cookie = await signIn();
    const [name, value] = cookie.split('=') as [string, string];
    const context = await browser.newContext({ baseURL: consoleUrl, viewport: { width: 1440, height: 1000 } });
    await context.addCookies([{ name, value, url: consoleUrl }]);
    await context.addInitScript({ content: INSTRUMENT });
    const page = await context.newPage();
    if (process.env.BENCH_DEBUG) page.on('console', (m) => console.log('page:', m.text()));
    const rounds: RoundResult[] = [];
    // One unmeasured round warms the server and the browser's caches.
    for (let i = 0; i <= ROUNDS; i++) {
      const result = await dragRound(page, dashboardId);
      if (i > 0) rounds.push(result);
    }
    await context.close();
    if (rounds.some((r) => r.frameDeltas.length === 0))
      throw new Error('no animation frames were recorded during the drag');
    return {
      rounds: rounds.length,
      p95FrameMs: round1(median(rounds.map((r) => percentile(r.frameDeltas, 95)))),
      maxFrameMs: round1(median(rounds.map((r) => Math.max(...r.frameDeltas)))),
      longestTaskMs: round1(median(rounds.map((r) => r.longestTaskMs))),
      otherTileRenders: median(
        rounds.map((r) =>
          Object.entries(r.renders)
            .filter(([tile]) => tile !== 'Tile 1')
            .reduce((sum, [, n]) => sum + n, 0),
        ),
      ),
      frames: median(rounds.map((r) => r.frameDeltas.length)),
      // An interval of 1.5 frames or more means at least one frame was not drawn.
      droppedFrames: median(rounds.map((r) => r.frameDeltas.filter((d) => d >= 1.5 * FRAME_BUDGET_MS).length)),
    };
  } finally {
    await browser.close();
    servers.stop();
  }
}

export function dragRows(result: DragResult): string[][] {
  const ok =
    result.p95FrameMs <= FRAME_BUDGET_MS + TIMER_JITTER_MS &&
    result.longestTaskMs <= 50 &&
    result.otherTileRenders === 0;
  return [
    [
      'drag: 50 mixed tiles',
      `p95 frame ${result.p95FrameMs} ms`,
      `longest task ${result.longestTaskMs} ms`,
      `other tiles re-rendered ${result.otherTileRenders}×`,
      `${ok ? 'meets' : 'MISSES'} p95 ≤ one 60 Hz frame (±${TIMER_JITTER_MS} ms timer jitter), tasks ≤ 50 ms, 0 re-renders; median of ${result.rounds}: ${result.frames} frames, ${result.droppedFrames} dropped, max ${result.maxFrameMs} ms`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runDragBench()
    .then((result) => {
      console.log(`${os.cpus().length} cores, Node ${process.version}`);
      for (const row of dragRows(result)) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
