import { describe, expect, it } from 'vitest';
import { linesAtXTicks, linesAtYTicks, noGridLines } from './grid-lines';

/** A linear scale as recharts hands it to a grid generator: value → pixel. */
const scale = (from: number, to: number, start: number, end: number) => ({
  map: (value: unknown) =>
    typeof value === 'number' ? start + ((value - from) / (to - from)) * (end - start) : undefined,
});
const offset = { top: 8, left: 40, width: 300, height: 100, right: 12, bottom: 20, brushBottom: 0 };

describe('grid lines', () => {
  it('puts a horizontal line at each y tick, and at the plot top and bottom, without laying out labels', () => {
    // y from 0 (bottom, 108 px) to 20 (top, 8 px); ticks 0, 5, 10, 15, 20.
    const yAxis = { scale: scale(0, 20, 108, 8), niceTicks: [0, 5, 10, 15, 20] };
    const lines = linesAtYTicks({ yAxis, width: 400, height: 128, offset } as never, false);
    expect([...lines].sort((a, b) => a - b)).toEqual([8, 33, 58, 83, 108]);
  });

  it('prefers ticks the chart set over the nice ticks, and skips values off the scale', () => {
    const yAxis = { scale: scale(0, 10, 108, 8), ticks: [0, 5, 'n/a'], niceTicks: [0, 2, 4, 6, 8, 10] };
    const lines = linesAtYTicks({ yAxis, width: 400, height: 128, offset } as never, false);
    expect([...lines].sort((a, b) => a - b)).toEqual([8, 58, 108]);
  });

  it('puts a vertical line at each x tick, and at the plot left and right', () => {
    const xAxis = { scale: scale(0, 100, 40, 340), niceTicks: [0, 50, 100] };
    const lines = linesAtXTicks({ xAxis, width: 400, height: 128, offset } as never, false);
    expect([...lines].sort((a, b) => a - b)).toEqual([40, 190, 340]);
  });

  it('draws only the plot edges before the axis has a scale, and nothing in the other direction', () => {
    expect(linesAtYTicks({ yAxis: undefined, width: 400, height: 128, offset } as never, false)).toEqual([8, 108]);
    expect(noGridLines()).toEqual([]);
  });
});
