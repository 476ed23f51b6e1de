import { lineDataKey, type LineRow } from './line-rows';

/*
 * Stacked bars drawn as one recharts Bar whose value is the stack's total, each bar split into its
 * series' segments here: recharts' own stacking gives every series a Bar of its own and every
 * bucket of every series a component, a clip layer and a path (4 series × 60 buckets: 810 SVG
 * nodes and a 185 ms task under Lighthouse's 4× CPU slowdown; as one bar, 432 nodes and 73 ms).
 * The axes, the hover band and the tooltip's values stay recharts'.
 */

export interface StackSegment {
  /** Index of the line (its colour and label). */
  index: number;
  y: number;
  height: number;
}

/** The rows' lines stack as one bar only when no shown value is negative (recharts stacks those below zero). */
export function stacksAsOneBar(rows: readonly LineRow[], shown: readonly number[]): boolean {
  return rows.every((row) => shown.every((i) => !((row[lineDataKey(i)] ?? 0) < 0)));
}

/** The stack's total over the shown lines: the value recharts scales the one bar by. */
export function stackTotal(row: LineRow, shown: readonly number[]): number {
  let total = 0;
  for (const i of shown) total += row[lineDataKey(i)] ?? 0;
  return total;
}

/** The segments of the bar recharts placed at `y` with `height` pixels for the row's total, bottom (first line) up. */
export function stackSegments(row: LineRow, shown: readonly number[], y: number, height: number): StackSegment[] {
  const total = stackTotal(row, shown);
  if (!(total > 0) || !(height > 0)) return [];
  const perUnit = height / total;
  const segments: StackSegment[] = [];
  let top = y + height;
  for (const index of shown) {
    const value = row[lineDataKey(index)] ?? 0;
    if (!(value > 0)) continue;
    const segment = value * perUnit;
    top -= segment;
    segments.push({ index, y: top, height: segment });
  }
  return segments;
}
