// @vitest-environment happy-dom
import { act, useEffect, useState, useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/testing/render';
import { useOwnTask, useTileDrawing } from './use-own-task';

function Chart({ name, prepare }: { name: string; prepare?: () => Promise<unknown> }) {
  const drawn = useOwnTask(true, prepare);
  return <p data-drawn={drawn}>{name}</p>;
}

function Tile({ name, seen }: { name: string; seen: boolean }) {
  const drawn = useTileDrawing(seen, true);
  return <p data-drawn={drawn}>{name}</p>;
}

/** A chart as recharts draws one: its effects register its parts in a store, whose change renders it again. */
function StoreChart({ name }: { name: string }) {
  const drawn = useOwnTask(true);
  return <p data-chart={name}>{drawn ? <Registered /> : 'waiting'}</p>;
}

function Registered() {
  const store = useState(createStore)[0];
  const parts = useSyncExternalStore(store.subscribe, store.get);
  useEffect(() => store.set(3), [store]);
  return <>{parts === 0 ? 'first pass' : `${parts} parts`}</>;
}

function createStore() {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next: number) => {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const chartStates = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll('p[data-chart]')].map((p) => [p.getAttribute('data-chart'), p.textContent]),
  );

const drawnNames = (container: HTMLElement) =>
  [...container.querySelectorAll('p[data-drawn="true"]')].map((p) => p.textContent);

/** Each chart takes `ms` to draw, as the budget of a task sees it. */
function drawingTakes(ms: number): void {
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (clock += ms));
}

describe('useOwnTask', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('lets slow charts (a phone’s) through one task at a time, in order', async () => {
    vi.useFakeTimers();
    drawingTakes(20);
    const { container, unmount } = await render(
      <>
        <Chart name="rows" />
        <Chart name="bytes" />
        <Chart name="errors" />
      </>,
    );
    expect(drawnNames(container)).toEqual([]);
    for (const expected of [['rows'], ['rows', 'bytes'], ['rows', 'bytes', 'errors']]) {
      await act(async () => {
        vi.advanceTimersToNextTimer();
      });
      expect(drawnNames(container)).toEqual(expected);
    }
    await unmount();
  });

  it('lets quick charts (a computer’s) through a few to a task, as long as the task stays short', async () => {
    vi.useFakeTimers();
    drawingTakes(6);
    const { container, unmount } = await render(
      <>
        <Chart name="rows" />
        <Chart name="bytes" />
        <Chart name="errors" />
        <Chart name="latency" />
      </>,
    );
    // 6, 12, then 18 ms ≥ 16: three charts in the first task, the fourth in the next.
    await act(async () => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawnNames(container)).toEqual(['rows', 'bytes', 'errors']);
    await act(async () => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawnNames(container)).toEqual(['rows', 'bytes', 'errors', 'latency']);
    await unmount();
  });

  it('queues a chart only once its code is in, so charts waiting on one chunk are not drawn in one go', async () => {
    vi.useFakeTimers();
    drawingTakes(20);
    let loaded!: () => void;
    const code = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const prepare = () => code;
    const { container, unmount } = await render(
      <>
        <Chart name="cpu" prepare={prepare} />
        <Chart name="memory" prepare={prepare} />
      </>,
    );
    await act(async () => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawnNames(container)).toEqual([]);
    await act(async () => {
      loaded();
      await code;
    });
    await act(async () => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawnNames(container)).toEqual(['cpu']);
    await act(async () => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawnNames(container)).toEqual(['cpu', 'memory']);
    await unmount();
  });

  it('draws a chart to the end within its own task: its render, its effects and the render they start', async () => {
    vi.useFakeTimers();
    drawingTakes(20);
    const { container, unmount } = await render(
      <>
        <StoreChart name="rows" />
        <StoreChart name="bytes" />
      </>,
    );
    // Each timer is one task of the browser: what it leaves on the page is what that task drew.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    env.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      vi.advanceTimersToNextTimer();
      expect(chartStates(container)).toEqual({ rows: '3 parts', bytes: 'waiting' });
      vi.advanceTimersToNextTimer();
      expect(chartStates(container)).toEqual({ rows: '3 parts', bytes: '3 parts' });
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = true;
    }
    await unmount();
  });

  it('does not draw a tile that has not been on screen, even with its data at hand', async () => {
    vi.useFakeTimers();
    const { container, root, unmount } = await render(
      <>
        <Tile name="on screen" seen />
        <Tile name="below the fold" seen={false} />
      </>,
    );
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(drawnNames(container)).toEqual(['on screen']);
    // The second tile scrolled into view.
    await act(async () => {
      root.render(
        <>
          <Tile name="on screen" seen />
          <Tile name="below the fold" seen />
        </>,
      );
    });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(drawnNames(container)).toEqual(['on screen', 'below the fold']);
    await unmount();
  });
});
