/**
 * Browser side of bench/charts, bundled by esbuild into a plain page (no Next, no server): renders
 * the charts' real render part (ChartLines, recharts) from raw points, the way TileChart does
 * after its data arrived, and reports the time from data ready to painted and the SVG size.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ChartLines } from '@/components/charts/chart-lines';
import { valueFormatter } from '@/lib/charts/number-format';
import { minMaxReduce } from '@/components/charts/min-max';
import type { ChartLine } from '@/components/charts/prepare';

export interface HarnessRun {
  series: number;
  points: number;
  widthPx: number;
  heightPx: number;
}

export interface HarnessResult {
  paintMs: number;
  reduceMs: number;
  svgNodes: number;
  pathPoints: number;
}

/** A tile on a phone's first screen: lines, or stacked bars, of a day's 60 buckets. */
export type FirstScreenKind = 'lines' | 'stacked';

export interface FirstScreenResult {
  /** The chart's first draw as TileChart lets it through: one flushSync, effects and store renders included. */
  drawMs: number;
  svgNodes: number;
}

declare global {
  interface Window {
    benchChart: (run: HarnessRun) => Promise<HarnessResult>;
    benchFirstScreen: (kind: FirstScreenKind) => Promise<FirstScreenResult>;
  }
}

const MINUTE = 60_000;
/** Room the y axis takes, as in TileChart. */
const Y_AXIS_PX = 64;

/** A deterministic random walk with rare spikes: peaks the reduction must keep. */
function rawSeries(points: number, seed: number): { t: Float64Array; v: Float64Array } {
  const t = new Float64Array(points);
  const v = new Float64Array(points);
  let state = seed * 2654435761;
  let value = 100;
  for (let i = 0; i < points; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    const r = state / 4294967296;
    value = Math.max(0, value + (r - 0.5) * 4);
    t[i] = Date.UTC(2030, 0, 1) + i * MINUTE;
    v[i] = r > 0.9995 ? value * 5 : value;
  }
  return { t, v };
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

window.benchChart = async ({ series, points, widthPx, heightPx }) => {
  const raw = Array.from({ length: series }, (_, s) => rawSeries(points, s + 1));
  const host = document.createElement('div');
  host.style.cssText = `position:relative;width:${widthPx}px;height:${heightPx}px`;
  document.body.appendChild(host);
  const root = createRoot(host);
  await nextFrame();

  // Data ready: the raw points are in memory. Everything from here on is what a tile does.
  const start = performance.now();
  const lines: ChartLine[] = raw.map(({ t, v }, s) => {
    const kept = minMaxReduce({ t, v }, widthPx - Y_AXIS_PX);
    return { key: `series_${s}`, seriesIndex: s, group: [], points: Array.from(kept, (i) => ({ t: t[i]!, v: v[i]! })) };
  });
  const reduceMs = performance.now() - start;
  const first = raw[0]!.t[0]!;
  const last = raw[0]!.t[points - 1]!;
  flushSync(() =>
    root.render(
      <ChartLines
        lines={lines}
        labels={lines.map((l) => l.key)}
        startMs={first}
        endMs={last}
        format={valueFormatter(undefined)}
        hidden={new Set()}
        widthPx={widthPx - Y_AXIS_PX}
      />,
    ),
  );
  // The chart reads its box's size before its first paint: wait until every line is drawn, then
  // for the frame that paints it (two animation frames).
  while (host.querySelectorAll('.recharts-line-curve').length < series) await nextFrame();
  await nextFrame();
  await nextFrame();
  const paintMs = performance.now() - start;

  const svg = host.querySelector('svg.recharts-surface');
  const svgNodes = svg ? svg.querySelectorAll('*').length + 1 : 0;
  // Points actually drawn: the vertices of the line paths.
  const pathPoints = [...host.querySelectorAll('.recharts-line-curve')].reduce(
    (sum, path) => sum + (path.getAttribute('d')?.match(/[ML]/g)?.length ?? 0),
    0,
  );
  root.unmount();
  host.remove();
  return { paintMs, reduceMs, svgNodes, pathPoints };
};

/** Lines or stacked bars of the bench dashboard's first screen (5 services, 4 severities), 60 buckets each. */
function firstScreenLines(kind: FirstScreenKind): ChartLine[] {
  const start = Date.UTC(2030, 0, 1);
  return Array.from({ length: kind === 'lines' ? 5 : 4 }, (_, s) => ({
    key: `series_${s}`,
    seriesIndex: 0,
    group: [`group ${s}`],
    points: Array.from({ length: 60 }, (_, i) => ({ t: start + i * MINUTE, v: 5 + ((i * 13 + s * 7) % 17) })),
  }));
}

window.benchFirstScreen = async (kind) => {
  const host = document.createElement('div');
  // A phone's tile: 380 px wide, its plot 200 px tall.
  host.style.cssText = 'position:relative;width:380px;height:200px';
  document.body.appendChild(host);
  const root = createRoot(host);
  await nextFrame();
  const lines = firstScreenLines(kind);
  const start = performance.now();
  flushSync(() =>
    root.render(
      <ChartLines
        lines={lines}
        labels={lines.map((l) => l.group[0]!)}
        startMs={lines[0]!.points[0]!.t}
        endMs={lines[0]!.points[59]!.t + MINUTE}
        format={valueFormatter(undefined, 'count')}
        hidden={new Set()}
        widthPx={380 - Y_AXIS_PX}
        stacked={kind === 'stacked'}
      />,
    ),
  );
  const drawMs = performance.now() - start;
  const svg = host.querySelector('svg.recharts-surface');
  const svgNodes = svg ? svg.querySelectorAll('*').length + 1 : 0;
  root.unmount();
  host.remove();
  return { drawMs, svgNodes };
};
