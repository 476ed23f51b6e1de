'use client';

/**
 * The recharts part of a heatmap tile, loaded on demand: one column per time bucket, one row
 * per value range, each cell shaded by how many events fell in it. Drawn as stacked bars of
 * equal height whose cells take their colour from the count.
 */
import { memo, useMemo } from 'react';
import { Bar, BarChart, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidthPx, type ValueFormatter } from '@/lib/charts/number-format';
import { AxisTick } from './axis-tick';
import { tickInterval, Y_LABEL_PX } from './axis-ticks';
import { formatTimestamp, timeTickFormatter, timeTicks } from './chart-format';
import type { HeatmapBins } from './heatmap-bins';
import { usePlotSize } from './use-plot-size';
import { useTooltipOnDemand } from './use-tooltip-on-demand';
import styles from './charts.module.css';
import { formatNumber } from '@/lib/format/number';

export interface HeatmapChartProps {
  bins: HeatmapBins;
  format: ValueFormatter;
  startMs: number;
  endMs: number;
  widthPx: number;
}

const TICK_PX = 90;
const MARGIN = { top: 4, right: 8, bottom: 0, left: 0 };
/** recharts' default height of an x axis. */
const X_AXIS_PX = 30;
const binKey = (i: number) => `b${i}`;

/** From the page's background to the accent colour as the count grows (square root: small counts stay visible). */
function shade(count: number, max: number): string {
  if (count <= 0 || max <= 0) return 'var(--color-bg-muted)';
  const strength = Math.round(15 + 85 * Math.sqrt(count / max));
  return `color-mix(in srgb, var(--color-accent) ${strength}%, var(--color-bg))`;
}

export const HeatmapChart = memo(function HeatmapChart({ bins, format, startMs, endMs, widthPx }: HeatmapChartProps) {
  const [box, size] = usePlotSize();
  const [tooltip, tooltipTriggers] = useTooltipOnDemand();
  const data = useMemo(
    () =>
      bins.buckets.map((t, column) => ({
        t,
        ...Object.fromEntries(bins.edges.map((_, row) => [binKey(row), 1])),
        counts: bins.counts[column],
      })),
    [bins],
  );
  const tickFormatter = useMemo(() => timeTickFormatter(endMs - startMs), [startMs, endMs]);
  const ticks = useMemo(
    () => new Set(timeTicks(startMs, endMs, Math.max(2, Math.floor(widthPx / TICK_PX)))),
    [startMs, endMs, widthPx],
  );
  const rowLabel = (value: unknown) => {
    const edge = bins.edges[Math.floor(Number(value))];
    return edge === undefined ? '' : format.short(edge);
  };
  const yWidth = axisWidthPx(bins.edges.map((e) => format.short(e)));
  const bucketMs = bins.buckets.length > 1 ? bins.buckets[1]! - bins.buckets[0]! : endMs - startMs;
  // Label the columns nearest the round times.
  const label = (value: unknown) => {
    const t = Number(value);
    for (const tick of ticks) if (tick >= t && tick < t + bucketMs) return tickFormatter(tick);
    return '';
  };
  if (!size || size.width <= 0 || size.height <= 0) return <div ref={box} className={styles.plotFill} />;
  return (
    <div ref={box} className={styles.plotFill} {...tooltipTriggers}>
      <BarChart width={size.width} height={size.height} data={data} barCategoryGap={0} barGap={0} margin={MARGIN}>
        <XAxis
          dataKey="t"
          tick={<AxisTick axis="x" format={label} />}
          interval={0}
          stroke="var(--color-border-strong)"
        />
        <YAxis
          type="number"
          domain={[0, bins.edges.length]}
          ticks={bins.edges.map((_, i) => i)}
          tick={<AxisTick axis="y" format={rowLabel} />}
          width={yWidth}
          interval={tickInterval(bins.edges.length, size.height - MARGIN.top - X_AXIS_PX, Y_LABEL_PX)}
          stroke="var(--color-border-strong)"
        />
        {tooltip && (
          <Tooltip
            isAnimationActive={false}
            cursor={false}
            content={({ active, payload }) => {
              const entry = payload?.[0]?.payload as { t: number; counts: number[] } | undefined;
              if (!active || !entry) return null;
              return (
                <div className={styles.tooltip}>
                  <strong>{formatTimestamp(entry.t)}</strong>
                  {bins.edges
                    .map((edge, i) => ({ edge, count: entry.counts[i] ?? 0, next: bins.edges[i + 1] }))
                    .filter((cell) => cell.count > 0)
                    .reverse()
                    .map((cell) => (
                      <span key={cell.edge}>
                        {format.short(cell.edge)}
                        {cell.next !== undefined ? `–${format.short(cell.next)}` : '+'}: {formatNumber(cell.count)}
                      </span>
                    ))}
                </div>
              );
            }}
          />
        )}
        {bins.edges.map((edge, row) => (
          <Bar key={edge} dataKey={binKey(row)} stackId="cells" isAnimationActive={false}>
            {bins.counts.map((column, i) => (
              <Cell key={bins.buckets[i]} fill={shade(column[row] ?? 0, bins.maxCount)} />
            ))}
          </Bar>
        ))}
      </BarChart>
    </div>
  );
});
