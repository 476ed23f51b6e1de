import type { ComponentProps } from 'react';
import type { CartesianGrid } from 'recharts';

type GridProps = ComponentProps<typeof CartesianGrid>;
type Axis = Parameters<NonNullable<GridProps['horizontalCoordinatesGenerator']>>[0]['yAxis'];

/*
 * recharts' default grid generators lay out the axes' tick labels again (measuring each label's
 * text in the DOM, a forced layout per label) only to learn where the lines go, on every one of
 * a chart's layout passes, and for both directions even when one is switched off. The console's
 * charts draw lines in one direction, at the value axis's ticks: their positions are the axis's
 * scale applied to its tick values, plus the plot's two edges.
 */

function linesAt(axis: Axis, start: number, end: number): number[] {
  const lines = new Set<number>([start, end]);
  const scale = axis?.scale;
  if (scale) {
    for (const value of axis.ticks ?? axis.niceTicks ?? []) {
      const at = scale.map(value);
      if (typeof at === 'number' && Number.isFinite(at)) lines.add(at);
    }
  }
  return [...lines];
}

/** For the direction a chart draws no lines in: nothing computed. */
export const noGridLines = (): number[] => [];

/** A horizontal line at each y tick and at the plot's top and bottom. */
export const linesAtYTicks: NonNullable<GridProps['horizontalCoordinatesGenerator']> = ({ yAxis, offset }) =>
  linesAt(yAxis, offset.top, offset.top + offset.height);

/** A vertical line at each x tick and at the plot's left and right. */
export const linesAtXTicks: NonNullable<GridProps['verticalCoordinatesGenerator']> = ({ xAxis, offset }) =>
  linesAt(xAxis, offset.left, offset.left + offset.width);
