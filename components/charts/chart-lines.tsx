'use client';

/**
 * The recharts part of a time-series tile, loaded on demand (recharts is ~100 KB gzip):
 * `ChartLines({ lines, labels, startMs, endMs, unit, hidden })` draws the prepared lines over a
 * time axis formatted for the span, with a tooltip. Lines come reduced to ≤ 2 points per pixel
 * and share a budget of about one drawn row per pixel (line-rows.ts); dots and animation are off
 * so the SVG stays one path per line.
 */
import { memo, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTimestamp, formatValue, timeTickFormatter, timeTicks, type ChartUnit } from './chart-format';
import { lineColor } from './chart-colors';
import { fitLinesToBudget, lineDataKey, mergeLines } from './line-rows';
import type { ChartLine } from './prepare';
import styles from './charts.module.css';

export interface ChartLinesProps {
  lines: readonly ChartLine[];
  /** Legend label of each line, same order. */
  labels: readonly string[];
  startMs: number;
  endMs: number;
  unit: ChartUnit;
  /** Keys of lines the legend has hidden. */
  hidden: ReadonlySet<string>;
  /** Plot width in px: the rows drawn, all lines together, stay about this many. */
  widthPx: number;
}

/** One tick label takes about this much room. */
const TICK_PX = 90;

export const ChartLines = memo(function ChartLines({ lines, labels, startMs, endMs, unit, hidden, widthPx }: ChartLinesProps) {
  const { rows, reduced } = useMemo(() => mergeLines(fitLinesToBudget(lines, widthPx)), [lines, widthPx]);
  const tickFormatter = useMemo(() => timeTickFormatter(endMs - startMs), [startMs, endMs]);
  const ticks = useMemo(() => timeTicks(startMs, endMs, Math.max(2, Math.floor(widthPx / TICK_PX))), [startMs, endMs, widthPx]);
  const valueFormatter = (value: unknown) => formatValue(typeof value === 'number' ? value : null, unit);
  return (
    <div className={styles.plotFill}>
      <LineChart responsive data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} style={{ width: '100%', height: '100%' }}>
        <CartesianGrid stroke="var(--color-border)" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          domain={[startMs, endMs]}
          ticks={ticks}
          allowDataOverflow
          tickFormatter={tickFormatter}
          tick={{ fontSize: 11, fill: 'var(--color-text-subtle)' }}
          stroke="var(--color-border-strong)"
        />
        <YAxis
          width={52}
          tickFormatter={valueFormatter}
          tick={{ fontSize: 11, fill: 'var(--color-text-subtle)' }}
          stroke="var(--color-border-strong)"
          allowDecimals={unit !== 'count'}
        />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(t) => (typeof t === 'number' ? formatTimestamp(t) : String(t))}
          formatter={(value) => valueFormatter(value)}
          contentStyle={{ fontSize: 12 }}
        />
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
    </div>
  );
});
