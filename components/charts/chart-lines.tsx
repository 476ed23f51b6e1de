'use client';

/**
 * The recharts part of a time-series tile, loaded on demand (recharts is ~100 KB gzip):
 * `ChartLines({ lines, labels, startMs, endMs, format, hidden, widthPx, stacked? })` draws the
 * prepared series as lines, or as stacked bars, over a time axis formatted for the span, with a
 * tooltip. Lines come reduced to ≤ 2 points per pixel and share a budget of about one drawn row
 * per pixel (line-rows.ts); dots and animation are off so the SVG stays one path per line. The
 * y axis is as wide as its longest label; no label wraps. The first draw is one pass with nothing
 * measured in the DOM: the chart takes its box's size read before paint (use-plot-size.ts) and
 * every axis draws the ticks chosen for its length (axis-ticks.ts). Stacked bars are one bar per
 * bucket split into its lines' segments (stacked-bars.ts).
 */
import { memo, useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  DefaultTooltipContent,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type TooltipValueType,
} from 'recharts';
import { axisWidthPx, type ValueFormatter } from '@/lib/charts/number-format';
import { AxisTick } from './axis-tick';
import { formatTimestamp, timeTickFormatter } from './chart-format';
import { lineColor } from './chart-colors';
import { linesAtYTicks, noGridLines } from './grid-lines';
import { fitBarsToWidth, fitLinesToBudget, lineDataKey, mergeLines, type LineRow } from './line-rows';
import { stackSegments, stacksAsOneBar, stackTotal } from './stacked-bars';
import type { ChartLine } from './prepare';
import { usePlotSize } from './use-plot-size';
import { useTooltipOnDemand } from './use-tooltip-on-demand';
import { timeAxisTicks, valueTickCount, Y_LABEL_PX } from './axis-ticks';
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
const MARGIN = { top: 8, right: 12, bottom: 0, left: 0 };
/** recharts' default height of an x axis. */
const X_AXIS_PX = 30;

/** The largest value the axis shows: the biggest point, or the biggest stack of a bucket. */
function axisExtent(lines: readonly ChartLine[], hidden: ReadonlySet<string>, stacked: boolean): number {
  const shown = lines.filter((line) => !hidden.has(line.key));
  if (!stacked) return Math.max(0, ...shown.map((line) => Math.max(0, ...line.points.map((p) => Math.abs(p.v ?? 0)))));
  const sums = new Map<number, number>();
  for (const line of shown) for (const p of line.points) sums.set(p.t, (sums.get(p.t) ?? 0) + Math.abs(p.v ?? 0));
  return Math.max(0, ...sums.values());
}

interface BarShapeProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  payload?: LineRow;
}

/**
 * Stacked bars as one recharts Bar of the stack's total, split into the shown lines' segments
 * (see stacked-bars.ts), with a tooltip that lists each line's value as recharts' own does.
 */
function stackParts(shown: readonly number[], labels: readonly string[], lines: readonly ChartLine[]) {
  const stackValue = (row: LineRow) => stackTotal(row, shown);
  const stackShape = ({ x = 0, y = 0, width = 0, height = 0, payload }: BarShapeProps) =>
    payload ? (
      <>
        {stackSegments(payload, shown, y, height).map((segment) => (
          <rect
            key={segment.index}
            x={x}
            y={segment.y}
            width={Math.max(0, width)}
            height={segment.height}
            fill={lineColor(segment.index)}
          />
        ))}
      </>
    ) : null;
  const stackTooltip = (props: TooltipContentProps<TooltipValueType, string | number>) => {
    const row = props.payload?.[0]?.payload as LineRow | undefined;
    if (!props.active || !row) return null;
    const payload = shown.flatMap((index) => {
      const value = row[lineDataKey(index)];
      if (value === undefined || value === null) return [];
      const name = labels[index] ?? lines[index]?.key ?? '';
      return [
        {
          name,
          value,
          color: lineColor(index),
          dataKey: lineDataKey(index),
          payload: row,
          graphicalItemId: `stack-${index}`,
        },
      ];
    });
    return <DefaultTooltipContent {...props} payload={payload} />;
  };
  return { stackValue, stackShape, stackTooltip };
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
  const [box, size] = usePlotSize();
  const [tooltip, tooltipTriggers] = useTooltipOnDemand();
  const { rows, reduced } = useMemo(
    () => mergeLines(stacked ? fitBarsToWidth(lines, widthPx) : fitLinesToBudget(lines, widthPx)),
    [lines, widthPx, stacked],
  );
  const tickFormatter = useMemo(() => timeTickFormatter(endMs - startMs), [startMs, endMs]);
  const yWidth = useMemo(() => {
    const top = Math.max(axisExtent(lines, hidden, stacked), threshold ?? 0);
    return axisWidthPx([format.short(top), format.short(top / 2), format.short(0)]);
  }, [lines, hidden, stacked, format, threshold]);
  const plotWidth = size ? size.width - yWidth - MARGIN.left - MARGIN.right : widthPx;
  const ticks = useMemo(
    () => timeAxisTicks(startMs, endMs, plotWidth, tickFormatter, MARGIN.right, TICK_PX),
    [startMs, endMs, plotWidth, tickFormatter],
  );
  const short = (value: unknown) => format.short(typeof value === 'number' ? value : null);
  const full = (value: unknown) => format.full(typeof value === 'number' ? value : null);
  const time = (value: unknown) => (typeof value === 'number' ? tickFormatter(value) : '');
  const shown = useMemo(() => lines.flatMap((line, index) => (hidden.has(line.key) ? [] : [index])), [lines, hidden]);
  const oneBar = stacked && stacksAsOneBar(rows, shown);
  const { stackValue, stackShape, stackTooltip } = useMemo(
    () => stackParts(shown, labels, lines),
    [shown, labels, lines],
  );
  if (!size || size.width <= 0 || size.height <= 0) return <div ref={box} className={styles.plotFill} />;
  const common = { width: size.width, height: size.height, data: rows, margin: MARGIN } as const;
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
        interval={0}
        stroke="var(--color-border-strong)"
      />
      <YAxis
        width={yWidth}
        interval={0}
        tickCount={valueTickCount(size.height - MARGIN.top - X_AXIS_PX, Y_LABEL_PX)}
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
      {tooltip && (
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(t) => (typeof t === 'number' ? formatTimestamp(t) : String(t))}
          formatter={(value) => full(value)}
          contentStyle={{ fontSize: 12 }}
          content={oneBar ? stackTooltip : undefined}
        />
      )}
    </>
  );
  return (
    <div ref={box} className={styles.plotFill} {...tooltipTriggers}>
      {stacked ? (
        <BarChart {...common} barCategoryGap={1}>
          {axes}
          {oneBar ? (
            <Bar dataKey={stackValue} name="Total" isAnimationActive={false} shape={stackShape} />
          ) : (
            lines.map((line, index) => (
              <Bar
                key={line.key}
                dataKey={lineDataKey(index)}
                name={labels[index] ?? line.key}
                hide={hidden.has(line.key)}
                stackId="stack"
                fill={lineColor(index)}
                isAnimationActive={false}
              />
            ))
          )}
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
