import { AGG_FN_LABELS, type AggFn } from '@/lib/schemas/observability/layout-bounds';
import { isChartSeries, seriesSourceId, type Tile } from '@/lib/schemas/observability/dashboard';
import styles from './editor.module.css';

function aggLabel(aggFn: string, level?: number): string {
  if (aggFn === 'quantile' && level !== undefined) return `Quantile ${level}`;
  return AGG_FN_LABELS[aggFn as AggFn] ?? aggFn;
}

/** A tile's configuration in words: what the managed surface shows instead of a chart. */
export function TileSummary({ tile, sourceNames }: { tile: Pick<Tile, 'series' | 'asRatio'>; sourceNames: ReadonlyMap<string, string> }) {
  const groupBy = tile.series.find(isChartSeries)?.groupBy ?? [];
  return (
    <div className={styles.summary}>
      <ul className={styles.summaryList}>
        {tile.series.map((series, i) => {
          if (!isChartSeries(series)) return <li key={i}>A {series.type} view (shown as stored; not editable here)</li>;
          const source = seriesSourceId(series);
          return (
            <li key={i}>
              <strong>{aggLabel(series.aggFn, series.level)}</strong>
              {series.field ? ` of ${series.field}` : ''} in {source ? (sourceNames.get(source) ?? source) : 'no source'}
              {series.where ? <span className={styles.where}> where {series.where}</span> : null}
            </li>
          );
        })}
      </ul>
      {(groupBy.length > 0 || tile.asRatio) && (
        <p className={styles.summaryMeta}>
          {groupBy.length > 0 && `Grouped by ${groupBy.join(', ')}`}
          {groupBy.length > 0 && tile.asRatio && ' · '}
          {tile.asRatio && 'Series 1 ÷ series 2'}
        </p>
      )}
    </div>
  );
}
