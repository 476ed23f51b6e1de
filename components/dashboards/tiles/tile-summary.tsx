import { AGG_FN_LABELS, type AggFn } from '@/lib/schemas/observability/layout-bounds';
import { DISPLAY_TYPE_LABELS } from '@/lib/schemas/observability/tile-kinds';
import type { TileView } from '@/lib/charts/tile-view';
import styles from './tile-summary.module.css';

function aggLabel(aggFn: string, level?: number): string {
  if (aggFn === 'quantile' && level !== undefined) return `${Math.round(level * 100)}th percentile`;
  return AGG_FN_LABELS[aggFn as AggFn] ?? aggFn;
}

type QueryView = Exclude<TileView, { kind: 'markdown' } | { kind: 'unsupported' }>;

/** A tile's configuration in words: what the managed surface shows instead of a chart. */
export function TileSummary({ view, sourceNames }: { view: QueryView; sourceNames: ReadonlyMap<string, string> }) {
  const source = (id: string | undefined) => (id ? (sourceNames.get(id) ?? id) : 'no source');
  if (view.kind === 'heatmap' || view.kind === 'search') {
    return (
      <div className={styles.summary}>
        <p className={styles.summaryMeta}>{DISPLAY_TYPE_LABELS[view.kind]}</p>
        <p>
          {view.kind === 'heatmap' ? (
            <strong>{view.valueExpression}</strong>
          ) : (
            <strong>{view.columns.join(', ') || 'Default columns'}</strong>
          )}{' '}
          in {source(view.sourceId)}
          {view.where ? <span className={styles.where}> where {view.where}</span> : null}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.summary}>
      <p className={styles.summaryMeta}>{DISPLAY_TYPE_LABELS[view.display]}</p>
      <ul className={styles.summaryList}>
        {view.items.map((item, i) => (
          <li key={i}>
            <strong>{aggLabel(item.aggFn, item.level)}</strong>
            {item.field ? ` of ${item.field}` : ''} in {source(item.sourceId)}
            {item.where ? <span className={styles.where}> where {item.where}</span> : null}
          </li>
        ))}
      </ul>
      {(view.groupBy.length > 0 || view.asRatio) && (
        <p className={styles.summaryMeta}>
          {view.groupBy.length > 0 && `Grouped by ${view.groupBy.join(', ')}`}
          {view.groupBy.length > 0 && view.asRatio && ' · '}
          {view.asRatio && 'Series 1 ÷ series 2'}
        </p>
      )}
    </div>
  );
}
