import { timeTicks } from './chart-format';

/** recharts' default number of value ticks, kept where the axis has room for them. */
export const MAX_VALUE_TICKS = 5;
/** Room one value label (11 px text) needs up a y axis, with a gap to the next. */
export const Y_LABEL_PX = 20;
/** Room one value label ("1.25k", "350 ms") needs along an x axis, with a gap to the next. */
export const X_LABEL_PX = 60;

/*
 * The axes draw every tick they are given (`interval={0}`): left to choose, recharts measures each
 * label's text in the DOM (a forced layout per label, on every layout pass) to drop those that
 * would collide. The counts are chosen here, from the axis's length, so that they fit.
 */

/** How many ticks a value axis `axisPx` long shows, when one label needs `labelPx`. */
export function valueTickCount(axisPx: number, labelPx: number): number {
  return Math.max(2, Math.min(MAX_VALUE_TICKS, Math.floor(axisPx / labelPx) + 1));
}

/** recharts' `interval` (ticks skipped between two shown) that shows at most what fits of `tickTotal` given ticks. */
export function tickInterval(tickTotal: number, axisPx: number, labelPx: number): number {
  const fits = Math.max(1, Math.floor(axisPx / labelPx) + 1);
  return Math.max(0, Math.ceil(tickTotal / fits) - 1);
}

/** About how wide an 11 px axis label is (as the y axes are sized: lib/charts/number-format's axisWidthPx). */
export function labelWidthPx(label: string): number {
  return label.length * 6.6;
}

/**
 * The time ticks whose labels, centred on them, fit between the plot's left edge and its right
 * edge plus `rightRoomPx`: recharts, left to choose, measured each label to shift or drop those
 * at the ends; a label cut at the tile's edge would read "12:1".
 */
export function ticksThatFit(
  ticks: readonly number[],
  startMs: number,
  endMs: number,
  plotPx: number,
  label: (t: number) => string,
  rightRoomPx: number,
): number[] {
  const span = endMs - startMs;
  if (!(span > 0) || !(plotPx > 0)) return [];
  return ticks.filter((t) => {
    const x = ((t - startMs) / span) * plotPx;
    const half = labelWidthPx(label(t)) / 2;
    return x - half >= 0 && x + half <= plotPx + rightRoomPx;
  });
}

/** Room between two time labels. */
const LABEL_GAP_PX = 12;

/**
 * Round times for a time axis `plotPx` wide: the most ticks whose labels fit inside the plot (see
 * ticksThatFit) without touching each other.
 */
export function timeAxisTicks(
  startMs: number,
  endMs: number,
  plotPx: number,
  label: (t: number) => string,
  rightRoomPx: number,
  tickPx: number,
): number[] {
  const span = endMs - startMs;
  if (!(span > 0) || !(plotPx > 0)) return [];
  let fitting: number[] = [];
  for (let most = Math.max(2, Math.floor(plotPx / tickPx) + 1); most >= 1; most--) {
    fitting = ticksThatFit(timeTicks(startMs, endMs, most), startMs, endMs, plotPx, label, rightRoomPx);
    const apart = fitting.every((t, i) => {
      if (i === 0) return true;
      const gapPx = ((t - fitting[i - 1]!) / span) * plotPx;
      return gapPx >= (labelWidthPx(label(t)) + labelWidthPx(label(fitting[i - 1]!))) / 2 + LABEL_GAP_PX;
    });
    if (apart) return fitting;
  }
  return fitting.slice(0, 1);
}
