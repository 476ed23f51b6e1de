'use client';

import { lineColor } from './chart-colors';
import styles from './charts.module.css';

export interface ChartLegendProps {
  items: readonly { key: string; label: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** When set, each group line offers "filter the dashboard to it". */
  onDrill?: (key: string) => void;
  /** Lines left out by the line cap. */
  hiddenLineCount: number;
}

/** One toggle button per line (aria-pressed = shown), so lines are hidden and shown by keyboard too. */
export function ChartLegend({ items, hidden, onToggle, onDrill, hiddenLineCount }: ChartLegendProps) {
  if (items.length <= 1 && hiddenLineCount === 0) return null;
  return (
    <ul className={styles.legend} aria-label="Lines">
      {items.map((item, index) => {
        const shown = !hidden.has(item.key);
        return (
          <li key={item.key}>
            <button
              type="button"
              className={styles.legendItem}
              aria-pressed={shown}
              title={shown ? `Hide ${item.label}` : `Show ${item.label}`}
              onClick={() => onToggle(item.key)}
            >
              <span
                className={styles.swatch}
                style={{ background: shown ? lineColor(index) : 'transparent', borderColor: lineColor(index) }}
                aria-hidden="true"
              />
              {item.label}
            </button>
            {onDrill && (
              <button
                type="button"
                className={styles.drill}
                title={`Filter the dashboard to ${item.label}`}
                aria-label={`Filter the dashboard to ${item.label}`}
                onClick={() => onDrill(item.key)}
              >
                <span aria-hidden="true">⤵</span>
              </button>
            )}
          </li>
        );
      })}
      {hiddenLineCount > 0 && <li className={styles.moreHidden}>{hiddenLineCount} more hidden</li>}
    </ul>
  );
}
