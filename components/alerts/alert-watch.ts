import { seriesLabel } from '@/components/charts/chart-format';
import type { ChartView } from '@/lib/charts/build-chart-query';

/**
 * Which series an alert on a tile watches, in words: the tile's first series, as one value per
 * check (every group of the tile together), which is what the preview draws the threshold against.
 */
export function watchedSeries(view: ChartView): { label: string; text: string } {
  const item = view.items[0];
  const label = seriesLabel(item, 0);
  const where = item?.where.trim();
  const named = `“${label}${where ? ` where ${where}` : ''}”`;
  const others = view.items.length - 1;
  const parts = [
    others > 0
      ? `Watches the tile's first series, ${named}; its other ${others === 1 ? 'series is' : `${others} series are`} not checked.`
      : `Watches ${named}.`,
  ];
  if (view.groupBy.length > 0)
    parts.push(`The tile's groups by ${view.groupBy.join(', ')} are checked together, as one value per check.`);
  return { label, text: parts.join(' ') };
}
