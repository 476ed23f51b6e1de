'use client';

/**
 * The dashboard's controls (time range, filter, drop-downs) on a narrow screen: folded behind one
 * button that says what is applied, so the first tile is on the first screen. Wide screens show
 * them as they are. Only CSS decides which, so the server's HTML and the first render agree.
 */
import { useId, useState, type ReactNode } from 'react';
import styles from './dashboard-controls.module.css';

export interface DashboardControlsProps {
  /** What the controls apply, in a few words, shown on the folded button. */
  summary: string;
  children: ReactNode;
}

export function DashboardControls({ summary, children }: DashboardControlsProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.controls} data-open={open || undefined}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.toggleLabel}>Time range and filters</span>
        <span className={styles.summary}>{summary}</span>
        <span className={styles.chevron} aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={id} className={styles.body}>
        {children}
      </div>
    </div>
  );
}

/** The folded button's words: the dashboard filter and how many drop-downs have a value. */
export function controlsSummary(query: string, values: Readonly<Record<string, readonly string[]>>): string {
  const chosen = Object.values(values).filter((v) => v.length > 0).length;
  const parts = [query.trim() ? `Filter: ${query.trim()}` : 'No filter'];
  if (chosen > 0) parts.push(`${chosen} drop-down${chosen === 1 ? '' : 's'} set`);
  return parts.join(' · ');
}
