'use client';

/**
 * The recharts part of pie and bar (by group) tiles, loaded on demand: one slice or bar per group,
 * largest first, the rest as "Other" beyond the tile's limit. A pie names its slices in a legend
 * (colour, group, share) and writes the share on slices wide enough. A click on a slice, bar or
 * legend entry drills the dashboard down to that group.
 */
import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidthPx, type ValueFormatter } from '@/lib/charts/number-format';
import { AxisTick } from './axis-tick';
import { labelWidthPx, valueTickCount, X_LABEL_PX } from './axis-ticks';
import { lineColor } from './chart-colors';
import type { GroupRow } from './group-values';
import { linesAtXTicks, noGridLines } from './grid-lines';
import { usePlotSize } from './use-plot-size';
import { useTooltipOnDemand } from './use-tooltip-on-demand';
import styles from './charts.module.css';

export interface ChartGroupsProps {
  kind: 'pie' | 'bar';
  groups: readonly GroupRow[];
  format: ValueFormatter;
  /** Called with the group's values when a slice or bar is clicked ("Other" is not a group). */
  onSelect?: (group: readonly string[]) => void;
}

const OTHER = '__other__';
const RADIAN = Math.PI / 180;

interface SliceLabelProps {
  cx?: number;
  cy?: number;
  midAngle?: number;
  innerRadius?: number;
  outerRadius?: number;
  percent?: number;
}

/** A slice's share, written inside the ring where the slice is wide enough to hold it. */
function sliceLabel({ cx = 0, cy = 0, midAngle = 0, innerRadius = 0, outerRadius = 0, percent = 0 }: SliceLabelProps) {
  if (percent < 0.08) return null;
  const radius = innerRadius + (outerRadius - innerRadius) / 2;
  const x = cx + radius * Math.cos(-midAngle * RADIAN);
  const y = cy + radius * Math.sin(-midAngle * RADIAN);
  return (
    <text x={x} y={y} textAnchor="middle" dominantBaseline="central" className={styles.sliceLabel}>
      {`${Math.round(percent * 100)}%`}
    </text>
  );
}
const groupName = (group: readonly string[]) => group.join(' · ');

const BAR_MARGIN = { top: 4, right: 12, bottom: 0, left: 0 };

export const ChartGroups = memo(function ChartGroups({ kind, groups, format, onSelect }: ChartGroupsProps) {
  const [box, size] = usePlotSize();
  const [tooltip, tooltipTriggers] = useTooltipOnDemand();
  const data = useMemo(
    () => groups.map((g) => ({ key: g.key, name: groupName(g.group), value: g.values[0] ?? 0, group: g.group })),
    [groups],
  );
  const select = (entry: unknown) => {
    const row = entry as { key?: string; group?: string[]; payload?: { key?: string; group?: string[] } } | undefined;
    const picked = row?.group ? row : row?.payload;
    if (onSelect && picked?.group && picked.key !== OTHER) onSelect(picked.group);
  };
  const full = (value: unknown) => format.full(typeof value === 'number' ? value : null);
  const short = (value: unknown) => format.short(typeof value === 'number' ? value : null);
  const clip = (value: unknown) => {
    const text = String(value ?? '');
    return text.length > 18 ? `${text.slice(0, 17)}…` : text;
  };
  const drawable = size !== null && size.width > 0 && size.height > 0;
  if (kind === 'pie') {
    const total = data.reduce((sum, d) => sum + Math.max(0, d.value), 0);
    const share = (value: number) => (total > 0 ? Math.round((Math.max(0, value) / total) * 100) : 0);
    return (
      <div className={`${styles.plotFill} ${styles.pieLayout}`}>
        <div ref={box} className={styles.pieArea} {...tooltipTriggers}>
          {drawable && (
            <PieChart width={size.width} height={size.height}>
              <Pie
                data={data}
                dataKey="value"
                nameKey="name"
                innerRadius="45%"
                outerRadius="85%"
                isAnimationActive={false}
                onClick={select}
                cursor={onSelect ? 'pointer' : undefined}
                label={sliceLabel}
                labelLine={false}
              >
                {data.map((entry, index) => (
                  <Cell key={entry.key} fill={entry.key === OTHER ? 'var(--color-border-strong)' : lineColor(index)} />
                ))}
              </Pie>
              {tooltip && (
                <Tooltip isAnimationActive={false} formatter={(value) => full(value)} contentStyle={{ fontSize: 12 }} />
              )}
            </PieChart>
          )}
        </div>
        <ul className={styles.pieLegend} aria-label="Slices">
          {data.map((entry, index) => {
            const text = `${entry.name || '(empty)'}: ${full(entry.value)} (${share(entry.value)}%)`;
            const swatch = (
              <span
                className={styles.swatch}
                style={{
                  background: entry.key === OTHER ? 'var(--color-border-strong)' : lineColor(index),
                  borderColor: 'transparent',
                }}
                aria-hidden="true"
              />
            );
            return (
              <li key={entry.key} title={text}>
                {onSelect && entry.key !== OTHER ? (
                  <button
                    type="button"
                    className={styles.legendItem}
                    onClick={() => onSelect(entry.group)}
                    aria-label={`${text}. Filter the dashboard to it`}
                  >
                    {swatch}
                    <span className={styles.pieName}>{entry.name || '(empty)'}</span>
                    <span className={styles.pieShare}>{share(entry.value)}%</span>
                  </button>
                ) : (
                  <span className={styles.legendItem} aria-label={text}>
                    {swatch}
                    <span className={styles.pieName}>{entry.name || '(empty)'}</span>
                    <span className={styles.pieShare}>{share(entry.value)}%</span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  }
  const top = Math.max(0, ...data.map((d) => d.value));
  const categoryWidth = axisWidthPx(data.map((d) => clip(d.name)));
  // The last value label is centred on the plot's right edge: room for its half.
  const margin = { ...BAR_MARGIN, right: Math.max(BAR_MARGIN.right, Math.ceil(labelWidthPx(short(top)) / 2) + 2) };
  if (!drawable) return <div ref={box} className={styles.plotFill} />;
  return (
    <div ref={box} className={styles.plotFill} {...tooltipTriggers}>
      <BarChart width={size.width} height={size.height} data={data} layout="vertical" margin={margin}>
        <CartesianGrid
          stroke="var(--color-border)"
          horizontal={false}
          horizontalCoordinatesGenerator={noGridLines}
          verticalCoordinatesGenerator={linesAtXTicks}
        />
        <XAxis
          type="number"
          tick={<AxisTick axis="x" format={short} />}
          stroke="var(--color-border-strong)"
          allowDecimals={!format.integer}
          domain={[0, top || 1]}
          interval={0}
          tickCount={valueTickCount(size.width - categoryWidth - margin.left - margin.right, X_LABEL_PX)}
        />
        <YAxis
          type="category"
          dataKey="name"
          width={categoryWidth}
          tick={<AxisTick axis="y" format={clip} />}
          stroke="var(--color-border-strong)"
          interval={0}
        />
        {tooltip && (
          <Tooltip
            isAnimationActive={false}
            formatter={(value) => full(value)}
            contentStyle={{ fontSize: 12 }}
            cursor={{ fill: 'var(--color-bg-muted)' }}
          />
        )}
        <Bar
          dataKey="value"
          name="Value"
          isAnimationActive={false}
          onClick={select}
          cursor={onSelect ? 'pointer' : undefined}
        >
          {data.map((entry, index) => (
            <Cell key={entry.key} fill={entry.key === OTHER ? 'var(--color-border-strong)' : lineColor(index)} />
          ))}
        </Bar>
      </BarChart>
    </div>
  );
});
