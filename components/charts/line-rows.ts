import { minMaxReduce } from './min-max';
import type { ChartLine } from './prepare';

/** One row of the drawn chart: the time and, per line, its value (`l0`, `l1`, …). */
export type LineRow = { t: number } & Record<string, number | null | undefined>;

export function lineDataKey(index: number): string {
  // Group values may contain dots, which recharts reads as paths: lines are keyed by index.
  return `l${index}`;
}

/**
 * Merges the lines (each sorted by time) into rows by time for one recharts data array. Lines
 * share their bucket grid, so unreduced lines give one row per bucket with every value; after a
 * min-max reduction each line keeps different times and a row lacks (undefined) the lines that
 * did not keep it, which `reduced: true` tells the renderer to bridge. `null` stays a real gap.
 */
export function mergeLines(lines: readonly ChartLine[]): { rows: LineRow[]; reduced: boolean } {
  const cursors = new Array<number>(lines.length).fill(0);
  const rows: LineRow[] = [];
  let reduced = false;
  for (;;) {
    let t = Infinity;
    for (let i = 0; i < lines.length; i++) {
      const point = lines[i]!.points[cursors[i]!];
      if (point && point.t < t) t = point.t;
    }
    if (t === Infinity) break;
    const row: LineRow = { t };
    for (let i = 0; i < lines.length; i++) {
      const point = lines[i]!.points[cursors[i]!];
      if (point && point.t === t) {
        row[lineDataKey(i)] = point.v;
        cursors[i]! += 1;
      } else {
        reduced = true;
      }
    }
    rows.push(row);
  }
  return { rows, reduced };
}

/**
 * recharts' render time grows faster than linearly with the rows it draws (measured in
 * bench/charts), and merged reduced lines multiply rows. So all lines of a chart share a budget
 * of rows, about one per pixel of plot width: each line is min-max reduced again to the columns
 * its share allows (never under `MIN_COLUMNS`), which still keeps the minimum and maximum of every
 * column, so no peak is lost.
 */
export const MIN_COLUMNS = 16;

export function columnsForBudget(budgetRows: number, lineCount: number): number {
  return Math.max(MIN_COLUMNS, Math.floor(budgetRows / (2 * Math.max(1, lineCount))));
}

export function fitLinesToBudget(lines: readonly ChartLine[], budgetRows: number): ChartLine[] {
  const columns = columnsForBudget(budgetRows, lines.length);
  return lines.map((line) => {
    if (line.points.length <= 2 * columns) return line;
    const t = new Float64Array(line.points.length);
    const v = new Float64Array(line.points.length);
    line.points.forEach((p, i) => {
      t[i] = p.t;
      v[i] = p.v ?? Number.NaN;
    });
    const kept = minMaxReduce({ t, v }, columns);
    return { ...line, points: Array.from(kept, (i) => line.points[i]!) };
  });
}

/** The narrowest bar worth drawing, in pixels. */
export const MIN_BAR_PX = 2;

/**
 * Stacked bars keep every bucket while the plot has room for each (a min-max reduction keeps
 * different buckets per line, and a stack missing some of its lines misleads); beyond that they
 * share the rows' budget as lines do.
 */
export function fitBarsToWidth(lines: readonly ChartLine[], widthPx: number): readonly ChartLine[] {
  const buckets = Math.max(0, ...lines.map((line) => line.points.length));
  return buckets <= widthPx / MIN_BAR_PX ? lines : fitLinesToBudget(lines, widthPx);
}
