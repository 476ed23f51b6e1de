'use client';

import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './data-table.module.css';
import { compareNatural } from '@/lib/format/compare';
import { formatNumber } from '@/lib/format/number';

/**
 * The table of table tiles and event lists: sortable by any column (click a heading; it says
 * its order to screen readers) and paged, so a tile with tens of thousands of groups stays fast.
 */
export interface DataColumn {
  key: string;
  label: string;
  numeric?: boolean;
  format?: (value: unknown) => string;
}

export type DataRow = { key: string; cells: unknown[] };

export interface DataTableProps {
  label: string;
  columns: readonly DataColumn[];
  rows: readonly DataRow[];
  initialSort?: { column: number; direction: 'asc' | 'desc' };
  pageSize?: number;
  /** A row click (Enter on a focused row too) drills down to it. */
  onRowSelect?: (row: DataRow) => void;
}

export const DEFAULT_PAGE_SIZE = 50;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareNatural(String(a), String(b));
}

export function sortRows(rows: readonly DataRow[], column: number, direction: 'asc' | 'desc'): DataRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  // Empty cells stay last whichever the direction.
  return [...rows].sort((x, y) => {
    const a = x.cells[column];
    const b = y.cells[column];
    if (a === null || a === undefined || b === null || b === undefined) return compare(a, b);
    return sign * compare(a, b);
  });
}

export function DataTable({
  label,
  columns,
  rows,
  initialSort,
  pageSize = DEFAULT_PAGE_SIZE,
  onRowSelect,
}: DataTableProps) {
  const [sort, setSort] = useState(initialSort ?? null);
  const [page, setPage] = useState(0);
  const sorted = useMemo(() => (sort ? sortRows(rows, sort.column, sort.direction) : rows), [rows, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = sorted.slice(current * pageSize, (current + 1) * pageSize);

  const toggle = (column: number) => {
    setSort((s) =>
      s?.column === column
        ? { column, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: columns[column]?.numeric ? 'desc' : 'asc' },
    );
    setPage(0);
  };

  return (
    <div className={styles.frame}>
      <div className={styles.scroll}>
        <table className={styles.table} aria-label={label}>
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? styles.numeric : undefined}
                  aria-sort={sort?.column === i ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => toggle(i)}
                    title={`Sort by ${column.label}`}
                  >
                    {column.label}
                    <span aria-hidden="true" className={styles.sortMark}>
                      {sort?.column === i ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => (
              <tr
                key={row.key}
                className={onRowSelect ? styles.selectable : undefined}
                tabIndex={onRowSelect ? 0 : undefined}
                onClick={onRowSelect ? () => onRowSelect(row) : undefined}
                onKeyDown={onRowSelect ? (e) => e.key === 'Enter' && onRowSelect(row) : undefined}
              >
                {columns.map((column, i) => {
                  const value = row.cells[i];
                  const text = column.format
                    ? column.format(value)
                    : value === null || value === undefined
                      ? '—'
                      : String(value);
                  return (
                    <td key={column.key} className={column.numeric ? styles.numeric : undefined} title={text}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className={styles.pager} aria-label={`${label} pages`}>
          <Button size="sm" variant="ghost" onClick={() => setPage(current - 1)} disabled={current === 0}>
            Previous
          </Button>
          <span className={styles.pageInfo}>
            Page {current + 1} of {formatNumber(pages)} · {formatNumber(sorted.length)} rows
          </span>
          <Button size="sm" variant="ghost" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
