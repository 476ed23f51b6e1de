'use client';

import { preloadChartCode } from '../tiles/tile-content';
import { STACK_BELOW_PX } from './dashboard-grid';

/*
 * On a computer's screen, the open-source dashboard page starts loading its charts' drawing code
 * (recharts, a score of chunks) as the page's own code runs, before hydration: started later, beside
 * the tiles' reads and the page's other requests, those chunks queued behind them for the browser's
 * few connections to the server, and the charts waited for their code long after their data was
 * in. A phone (a narrow window) loads only what its first screen's tiles draw, once it knows them
 * (./use-first-screen-reads.ts): its CPU and network are spent on that.
 */
if (typeof window !== 'undefined' && window.innerWidth >= STACK_BELOW_PX) preloadChartCode();

/** Rendered by a page whose tiles draw charts: its module's loading is what starts the code's. */
export function PreloadChartCode() {
  return null;
}
