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
