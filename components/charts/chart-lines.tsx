'use client';

/**
 * The recharts part of a time-series tile, loaded on demand (recharts is ~100 KB gzip):
 * `ChartLines({ lines, labels, startMs, endMs, format, hidden, widthPx, stacked? })` draws the
 * prepared series as lines, or as stacked bars, over a time axis formatted for the span, with a
 * tooltip. Lines come reduced to ≤ 2 points per pixel and share a budget of about one drawn row
 * per pixel (line-rows.ts); dots and animation are off so the SVG stays one path per line. The
 * y axis is as wide as its longest label; no label wraps.
 */
import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidthPx, type ValueFormatter } from '@/lib/charts/number-format';
import { AxisTick } from './axis-tick';
import { formatTimestamp, timeTickFormatter, timeTicks } from './chart-format';
import { lineColor } from './chart-colors';
import { linesAtYTicks, noGridLines } from './grid-lines';
import { fitLinesToBudget, lineDataKey, mergeLines } from './line-rows';
import type { ChartLine } from './prepare';
import styles from './charts.module.css';

export interface ChartLinesProps {
  lines: readonly ChartLine[];
  /** Legend label of each line, same order. */
  labels: readonly string[];
  startMs: number;
  endMs: number;
  format: ValueFormatter;
  /** Keys of lines the legend has hidden. */
  hidden: ReadonlySet<string>;
  /** Plot width in px: the rows drawn, all lines together, stay about this many. */
  widthPx: number;
  /** Stacked bars per bucket instead of lines. */
  stacked?: boolean;
  /** An alert's threshold, drawn as a dashed line (the y axis reaches it). */
  threshold?: number;
}

/** One tick label takes about this much room. */
const TICK_PX = 90;

/** The largest value the axis shows: the biggest point, or the biggest stack of a bucket. */
function axisExtent(lines: readonly ChartLine[], hidden: ReadonlySet<string>, stacked: boolean): number {
  const shown = lines.filter((line) => !hidden.has(line.key));
  if (!stacked) return Math.max(0, ...shown.map((line) => Math.max(0, ...line.points.map((p) => Math.abs(p.v ?? 0)))));
  const sums = new Map<number, number>();
  for (const line of shown) for (const p of line.points) sums.set(p.t, (sums.get(p.t) ?? 0) + Math.abs(p.v ?? 0));
  return Math.max(0, ...sums.values());
}

export const ChartLines = memo(function ChartLines({
  lines,
  labels,
  startMs,
  endMs,
  format,
  hidden,
  widthPx,
  stacked = false,
  threshold,
}: ChartLinesProps) {
  const { rows, reduced } = useMemo(() => mergeLines(fitLinesToBudget(lines, widthPx)), [lines, widthPx]);
  const tickFormatter = useMemo(() => timeTickFormatter(endMs - startMs), [startMs, endMs]);
  const ticks = useMemo(
    () => timeTicks(startMs, endMs, Math.max(2, Math.floor(widthPx / TICK_PX))),
    [startMs, endMs, widthPx],
  );
  const yWidth = useMemo(() => {
    const top = Math.max(axisExtent(lines, hidden, stacked), threshold ?? 0);
    return axisWidthPx([format.short(top), format.short(top / 2), format.short(0)]);
  }, [lines, hidden, stacked, format, threshold]);
  const short = (value: unknown) => format.short(typeof value === 'number' ? value : null);
  const full = (value: unknown) => format.full(typeof value === 'number' ? value : null);
  const time = (value: unknown) => (typeof value === 'number' ? tickFormatter(value) : '');
  const common = {
    responsive: true,
    data: rows,
    margin: { top: 8, right: 12, bottom: 0, left: 0 },
    style: { width: '100%', height: '100%' },
  } as const;
  const axes = (
    <>
      <CartesianGrid
        stroke="var(--color-border)"
        vertical={false}
        verticalCoordinatesGenerator={noGridLines}
        horizontalCoordinatesGenerator={linesAtYTicks}
      />
      <XAxis
        dataKey="t"
        type="number"
        domain={[startMs, endMs]}
        ticks={ticks}
        allowDataOverflow
        tick={<AxisTick axis="x" format={time} />}
        interval="preserveStartEnd"
        stroke="var(--color-border-strong)"
      />
      <YAxis
        width={yWidth}
        tick={<AxisTick axis="y" format={short} />}
        stroke="var(--color-border-strong)"
        allowDecimals={!format.integer}
        domain={threshold === undefined ? undefined : [0, (max: number) => Math.max(max, threshold)]}
      />
      {threshold !== undefined && (
        <ReferenceLine
          y={threshold}
          stroke="var(--color-danger, #dc2626)"
          strokeDasharray="5 4"
          ifOverflow="extendDomain"
          label={{
            value: `Threshold ${format.short(threshold)}`,
            position: 'insideTopRight',
            fontSize: 11,
            fill: 'var(--color-danger-text, #b91c1c)',
          }}
        />
      )}
      <Tooltip
        isAnimationActive={false}
        labelFormatter={(t) => (typeof t === 'number' ? formatTimestamp(t) : String(t))}
        formatter={(value) => full(value)}
        contentStyle={{ fontSize: 12 }}
      />
    </>
  );
  return (
    <div className={styles.plotFill}>
      {stacked ? (
        <BarChart {...common} barCategoryGap={1}>
          {axes}
          {lines.map((line, index) => (
            <Bar
              key={line.key}
              dataKey={lineDataKey(index)}
              name={labels[index] ?? line.key}
              hide={hidden.has(line.key)}
              stackId="stack"
              fill={lineColor(index)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart {...common}>
          {axes}
          {lines.map((line, index) => (
            <Line
              key={line.key}
              dataKey={lineDataKey(index)}
              name={labels[index] ?? line.key}
              hide={hidden.has(line.key)}
              stroke={lineColor(index)}
              strokeWidth={1.5}
              dot={false}
              activeDot={{ r: 3 }}
              isAnimationActive={false}
              connectNulls={reduced}
              type="linear"
            />
          ))}
        </LineChart>
      )}
    </div>
  );
});
