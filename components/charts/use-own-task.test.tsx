// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/testing/render';
import { useOwnTask } from './use-own-task';

function Chart({ name, prepare }: { name: string; prepare?: () => Promise<unknown> }) {
  const drawn = useOwnTask(true, prepare);
  return <p data-drawn={drawn}>{name}</p>;
}

const drawnNames = (container: HTMLElement) => [...container.querySelectorAll('p[data-drawn="true"]')].map((p) => p.textContent);

describe('useOwnTask', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the charts that appear together through one task at a time, in order', async () => {
    vi.useFakeTimers();
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

  it('queues a chart only once its code is in, so charts waiting on one chunk are not drawn in one go', async () => {
    vi.useFakeTimers();
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
});
