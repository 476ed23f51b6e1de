'use client';

/**
 * An axis label that never wraps: recharts breaks a tick's text into lines when it thinks it is
 * too wide, which on a narrow tile stacks "Mon" over "14:00". One `<text>`, one line; the axes
 * size themselves (y) and space their ticks (x) so labels do not collide.
 */
export interface AxisTickProps {
  x?: number;
  y?: number;
  payload?: { value: unknown };
  textAnchor?: 'start' | 'middle' | 'end';
  format: (value: unknown) => string;
  axis: 'x' | 'y';
}

export function AxisTick({ x = 0, y = 0, payload, textAnchor, format, axis }: AxisTickProps) {
  return (
    <text
      x={x}
      y={y}
      dy={axis === 'x' ? 12 : 4}
      textAnchor={textAnchor ?? (axis === 'x' ? 'middle' : 'end')}
      fontSize={11}
      fill="var(--color-text-subtle)"
      style={{ whiteSpace: 'pre' }}
    >
      {format(payload?.value)}
    </text>
  );
}
