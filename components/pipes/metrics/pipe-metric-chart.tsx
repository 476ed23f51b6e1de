'use client';

import { useMemo, useRef } from 'react';
import type { ChartLine } from '@/components/charts/prepare';
import { useElementWidth } from '@/components/charts/use-element-width';
import { useInView } from '@/components/charts/use-in-view';
import { useOwnTask } from '@/components/charts/use-own-task';
import { loadedAfterRecharts } from '@/components/charts/recharts-stages';
import { valueFormatter, type InferredUnit } from '@/lib/charts/number-format';
import type { PipePoint } from '@/lib/pipes/metrics/history';
import { PipeMetricChartFrame, type ChartDefinition } from './pipe-metrics-layout';
import styles from './pipe-metrics.module.css';

// recharts (~100 KB) loads after the page's own code, when the first chart is drawn.
const ChartLines = loadedAfterRecharts(
  () => import('@/components/charts/chart-lines').then((m) => m.ChartLines),
  <div className={styles.plotPlaceholder} />,
);

const NONE: ReadonlySet<string> = new Set();
const AXIS_PX = 60;

export interface PipeMetricChartProps {
  title: string;
  /** What the newest point says, shown beside the title. */
  current: string;
  series: readonly PipePoint[];
  lines: ChartDefinition['lines'];
  unit: InferredUnit;
  from: number;
  to: number;
}

/** One metric over the chosen range: a titled figure with its lines. */
export function PipeMetricChart({ title, current, series, lines, unit, from, to }: PipeMetricChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame, 420);
  // Drawn once scrolled to, each chart in a task of its own, so the page answers input meanwhile.
  const { seen } = useInView(frame);
  const drawn = useOwnTask(seen, ChartLines.preload);
  const chartLines = useMemo<ChartLine[]>(
    () =>
      lines.map((line, seriesIndex) => ({
        key: line.key,
        seriesIndex,
        group: [],
        points: series.map((p) => {
          const value = p[line.key];
          return { t: p.t, v: value === undefined ? null : value * (line.scale ?? 1) };
        }),
      })),
    [lines, series],
  );
  const format = useMemo(() => valueFormatter(undefined, unit), [unit]);
  return (
    <PipeMetricChartFrame title={title} current={current} frame={frame}>
      {drawn ? (
        <ChartLines
          lines={chartLines}
          labels={lines.map((l) => l.label)}
          startMs={from}
          endMs={to}
          format={format}
          hidden={NONE}
          widthPx={Math.max(100, width - AXIS_PX)}
        />
      ) : (
        <div className={styles.plotPlaceholder} />
      )}
    </PipeMetricChartFrame>
  );
}
