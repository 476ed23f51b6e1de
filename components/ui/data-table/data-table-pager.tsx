'use client';

import { useId } from 'react';
import { Button } from '../button';
import { pageRangeText } from './table-url-state';
import styles from './data-table.module.css';

export interface DataTablePagerProps {
  label: string;
  pageIndex: number;
  pageSize: number;
  pageSizes: readonly number[];
  rowCount: number;
  onChange: (next: { pageIndex: number; pageSize?: number }) => void;
}

/** "1–25 of 140", the page size, and the previous and next pages. */
export function DataTablePager({ label, pageIndex, pageSize, pageSizes, rowCount, onChange }: DataTablePagerProps) {
  const sizeId = useId();
  const last = Math.max(0, Math.ceil(rowCount / pageSize) - 1);
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <span role="status" aria-live="polite" className={styles.range}>
        {pageRangeText(pageIndex, pageSize, rowCount)}
      </span>
      <span className={styles.pagerControls}>
        <label className={styles.sizeLabel} htmlFor={sizeId}>
          Rows per page
        </label>
        <select
          id={sizeId}
          className={styles.sizeSelect}
          value={pageSize}
          onChange={(event) => onChange({ pageIndex: 0, pageSize: Number(event.target.value) })}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button size="sm" disabled={pageIndex === 0} onClick={() => onChange({ pageIndex: pageIndex - 1 })}>
          Previous
        </Button>
        <Button size="sm" disabled={pageIndex >= last} onClick={() => onChange({ pageIndex: pageIndex + 1 })}>
          Next
        </Button>
      </span>
    </nav>
  );
}
