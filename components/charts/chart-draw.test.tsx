// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render } from '@/components/testing/render';
import { valueFormatter } from '@/lib/charts/number-format';
import { ChartGroups } from './chart-groups';
import { lineColor } from './chart-colors';
import { ChartLines } from './chart-lines';
import { HeatmapChart } from './heatmap-chart';
import type { ChartLine } from './prepare';

/*
 * The charts' first draw as recharts makes it, in a DOM: what a phone's first screen pays for.
 * happy-dom lays nothing out, so every box reports the plot's size below.
 */
const WIDTH = 360;
const HEIGHT = 180;
const MEASURING_SPAN = 'recharts_measurement_span';

const original = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  HTMLElement.prototype.getBoundingClientRect = () =>
    ({ x: 0, y: 0, top: 0, left: 0, width: WIDTH, height: HEIGHT, right: WIDTH, bottom: HEIGHT }) as DOMRect;
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = original;
  document.body.innerHTML = '';
});

const START = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

function line(key: string, seriesIndex: number, count: number, stepMs = MINUTE): ChartLine {
  return {
    key,
    seriesIndex,
    group: [key],
    points: Array.from({ length: count }, (_, i) => ({
      t: START + i * stepMs,
      v: 10 + ((i * 7 + seriesIndex * 3) % 23),
    })),
  };
}

const format = valueFormatter(undefined, 'count');
const NONE: ReadonlySet<string> = new Set();

/** Points of an SVG path's `d` ("M x,y L x,y …"). */
const pathPoints = (d: string | null) => (d?.match(/[ML]/g) ?? []).length;

/** The lines drawn as a tile draws them over `spanMs` from START, labelled by their keys. */
function linesChart(lines: ChartLine[], spanMs: number, more: { threshold?: number; stacked?: boolean } = {}) {
  return (
    <ChartLines
      lines={lines}
      labels={lines.map((l) => l.key)}
      startMs={START}
      endMs={START + spanMs}
      format={format}
      hidden={NONE}
      widthPx={WIDTH - 60}
      {...more}
    />
  );
}

describe('a chart’s first draw', () => {
  it('draws lines at the plot’s measured size with no animation and no text measured in the DOM', async () => {
    const { container } = await render(linesChart([line('api', 0, 60), line('web', 1, 60)], 60 * MINUTE));
    const surface = container.querySelector('svg.recharts-surface');
    expect(surface?.getAttribute('width')).toBe(String(WIDTH));
    expect(surface?.getAttribute('height')).toBe(String(HEIGHT));
    const curves = [...container.querySelectorAll('path.recharts-line-curve')];
    expect(curves).toHaveLength(2);
    // Drawn whole at once: an animated line enters clipped by a dash array that grows.
    for (const curve of curves) {
      expect(pathPoints(curve.getAttribute('d'))).toBe(60);
      expect(curve.getAttribute('stroke-dasharray')).toBeNull();
    }
    // Every tick label chosen in advance: recharts measures label text only to drop colliding ones.
    expect(container.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick').length).toBeGreaterThan(1);
    expect(container.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick').length).toBeGreaterThan(1);
    expect(document.getElementById(MEASURING_SPAN)).toBeNull();
  });

  it('draws an alert’s threshold across the lines, labelled, without measuring text', async () => {
    const { container } = await render(linesChart([line('api', 0, 30)], 30 * MINUTE, { threshold: 50 }));
    expect(container.querySelector('.recharts-reference-line line')).not.toBeNull();
    expect(container.querySelector('svg.recharts-surface')?.textContent).toContain('Threshold 50');
    expect(document.getElementById(MEASURING_SPAN)).toBeNull();
  });

  it('draws no more points than the plot has pixels, however many the data has', async () => {
    const { container } = await render(linesChart([line('api', 0, 5000, 1000)], 5000 * 1000));
    const d = container.querySelector('path.recharts-line-curve')?.getAttribute('d') ?? null;
    expect(pathPoints(d)).toBeGreaterThan(WIDTH / 4);
    expect(pathPoints(d)).toBeLessThanOrEqual(WIDTH);
  });

  it('draws stacked bars whole at once: one bar per bucket, a segment per line in the line’s colour', async () => {
    const { container } = await render(
      linesChart([line('error', 0, 30), line('info', 1, 30)], 30 * MINUTE, { stacked: true }),
    );
    const bars = [...container.querySelectorAll('.recharts-bar-rectangle')];
    expect(bars).toHaveLength(30);
    for (const bar of bars) {
      const segments = [...bar.querySelectorAll('rect')];
      expect(segments.map((s) => s.getAttribute('fill'))).toEqual([lineColor(0), lineColor(1)]);
      // An animated bar grows from nothing: its first frame has no height.
      for (const segment of segments) expect(Number(segment.getAttribute('height'))).toBeGreaterThan(0);
    }
    expect(document.getElementById(MEASURING_SPAN)).toBeNull();
  });

  it('draws bars and a pie by group without measuring text', async () => {
    const groups = ['checkout', 'cart', 'search'].map((name, i) => ({
      key: name,
      group: [name],
      values: [30 - i * 7],
    }));
    const bar = await render(<ChartGroups kind="bar" groups={groups} format={format} />);
    expect(bar.container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3);
    expect(bar.container.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick').length).toBeGreaterThan(1);
    const pie = await render(<ChartGroups kind="pie" groups={groups} format={format} />);
    expect(pie.container.querySelectorAll('.recharts-pie-sector')).toHaveLength(3);
    expect(document.getElementById(MEASURING_SPAN)).toBeNull();
  });

  it('draws a heatmap without measuring text', async () => {
    const buckets = Array.from({ length: 12 }, (_, i) => START + i * 5 * MINUTE);
    const edges = [0, 10, 20, 40, 80, 160, 320, 640];
    const { container } = await render(
      <HeatmapChart
        bins={{
          buckets,
          edges,
          counts: buckets.map((_, c) => edges.map((_, r) => (c + r) % 4)),
          maxCount: 3,
          skipped: 0,
        }}
        format={format}
        startMs={START}
        endMs={START + 60 * MINUTE}
        widthPx={WIDTH - 60}
      />,
    );
    expect(container.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(container.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick').length).toBeGreaterThan(1);
    expect(document.getElementById(MEASURING_SPAN)).toBeNull();
  });

  it.each([
    ['lines', 'pointermove'],
    ['stacked bars', 'pointerdown'],
    ['bars', 'focusin'],
    ['a pie', 'pointermove'],
    ['a heatmap', 'pointerdown'],
  ] as const)('draws %s without a tooltip until the chart is pointed at or focused (%s)', async (kind, event) => {
    const groups = ['checkout', 'cart'].map((name, i) => ({ key: name, group: [name], values: [30 - i * 7] }));
    const buckets = Array.from({ length: 6 }, (_, i) => START + i * 10 * MINUTE);
    const chart = {
      lines: () => linesChart([line('api', 0, 60)], 60 * MINUTE),
      'stacked bars': () => linesChart([line('api', 0, 60), line('web', 1, 60)], 60 * MINUTE, { stacked: true }),
      bars: () => <ChartGroups kind="bar" groups={groups} format={format} />,
      'a pie': () => <ChartGroups kind="pie" groups={groups} format={format} />,
      'a heatmap': () => (
        <HeatmapChart
          bins={{ buckets, edges: [0, 10, 20], counts: buckets.map(() => [1, 2, 3]), maxCount: 3, skipped: 0 }}
          format={format}
          startMs={START}
          endMs={START + 60 * MINUTE}
          widthPx={WIDTH - 60}
        />
      ),
    }[kind];
    const { container } = await render(chart());
    const surface = container.querySelector('svg.recharts-surface')!;
    expect(surface).not.toBeNull();
    expect(container.querySelector('.recharts-tooltip-wrapper')).toBeNull();
    await act(async () => {
      surface.dispatchEvent(
        event === 'focusin' ? new FocusEvent('focusin', { bubbles: true }) : new PointerEvent(event, { bubbles: true }),
      );
    });
    expect(container.querySelector('.recharts-tooltip-wrapper')).not.toBeNull();
  });

  it('draws again at the new size when its box is resized', async () => {
    const observers = fakeResizeObservers();
    try {
      const { container } = await render(linesChart([line('api', 0, 60)], 60 * MINUTE));
      await observers.resize(container.firstElementChild!, 500, 240);
      expect(container.querySelector('svg.recharts-surface')?.getAttribute('width')).toBe('500');
      expect(container.querySelector('svg.recharts-surface')?.getAttribute('height')).toBe('240');
    } finally {
      observers.restore();
    }
  });

  it('follows its new box when a pie becomes bars', async () => {
    const observers = fakeResizeObservers();
    const groups = ['checkout', 'cart'].map((name, i) => ({ key: name, group: [name], values: [20 - i * 5] }));
    let show: (kind: 'pie' | 'bar') => void = () => {};
    function Switching() {
      const [kind, setKind] = useState<'pie' | 'bar'>('pie');
      show = setKind;
      return <ChartGroups kind={kind} groups={groups} format={format} />;
    }
    try {
      const { container } = await render(<Switching />);
      expect(container.querySelectorAll('.recharts-pie-sector')).toHaveLength(2);
      await act(async () => show('bar'));
      expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2);
      await observers.resize(container.firstElementChild!, 420, 150);
      expect(container.querySelector('svg.recharts-surface')?.getAttribute('width')).toBe('420');
    } finally {
      observers.restore();
    }
  });
});

type Resized = (entries: Array<{ contentRect: { width: number; height: number } }>) => void;

/** ResizeObserver replaced by one the test drives: `resize(element, …)` reports a new size to those watching it. */
function fakeResizeObservers() {
  const observers: Array<{ callback: Resized; targets: Element[]; live: boolean }> = [];
  const previous = globalThis.ResizeObserver;
  globalThis.ResizeObserver = class {
    private watched: { callback: Resized; targets: Element[]; live: boolean };
    constructor(callback: Resized) {
      this.watched = { callback, targets: [], live: true };
      observers.push(this.watched);
    }
    observe(target: Element) {
      this.watched.targets.push(target);
    }
    disconnect() {
      this.watched.live = false;
    }
    unobserve() {}
  } as unknown as typeof ResizeObserver;
  return {
    async resize(element: Element, width: number, height: number) {
      const watching = observers.filter((o) => o.live && o.targets.includes(element));
      expect(watching).toHaveLength(1);
      await act(async () => watching[0]!.callback([{ contentRect: { width, height } }]));
    },
    restore() {
      globalThis.ResizeObserver = previous;
    },
  };
}
