'use client';

import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { cx } from '../cx';
import { TableSkeleton } from '../skeleton';
import { Table } from '../table';
import { VisuallyHidden } from '../visually-hidden';
import './column-meta';
import { ColumnMenu } from './column-menu';
import { DataTablePager } from './data-table-pager';
import { DEFAULT_PAGE_SIZES, clampPageIndex, type TableSort, type TableUrlDefaults } from './table-url-state';
import { useTableUrlState, type TableUrlHistory } from './use-table-url-state';
import styles from './data-table.module.css';

export interface DataTableProps<T> {
  /** Names the table, its scroll region and its pager, e.g. "API keys". */
  label: string;
  data: readonly T[];
  // The columns' value types differ from one column to the next, as the library's own examples type them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** Names the table's URL parameters where two tables share a page. */
  urlPrefix?: string;
  /** `replace` for a table in a dialog: its sorts and pages are not steps of the page's history. */
  urlHistory?: TableUrlHistory;
  /** The order before anyone sorts; null keeps the order the data came in. */
  defaultSort?: TableSort | null;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** False where the list is paged by the server (the audit log). */
  paging?: boolean;
  /** Offers a menu to hide and show columns. */
  columnMenu?: boolean;
  /** Shows placeholder rows, e.g. while the list loads. */
  loading?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** Drawn, not written, so a header's text stays its name alone ("Rows now", not "Rows now ▲"). */
function SortMark({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  return (
    <svg
      className={cx(styles.sortMark, sorted && styles.sortMarkActive)}
      width="8"
      height="10"
      viewBox="0 0 8 10"
      aria-hidden="true"
    >
      {sorted !== 'desc' && <path d="M4 0 8 4H0z" fill="currentColor" />}
      {sorted !== 'asc' && <path d="M4 10 0 6h8z" fill="currentColor" />}
    </svg>
  );
}

function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const meta = header.column.columnDef.meta;
  const content = flexRender(header.column.columnDef.header, header.getContext());
  const sorted = header.column.getIsSorted();
  const canSort = header.column.getCanSort();
  return (
    <th
      scope="col"
      aria-sort={canSort ? ariaSort(sorted) : undefined}
      className={meta?.headerClassName}
      data-phone-hidden={meta?.phone ? undefined : ''}
    >
      {meta?.headerHidden ? (
        <VisuallyHidden>{content}</VisuallyHidden>
      ) : canSort ? (
        <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
          {content}
          <SortMark sorted={sorted} />
        </button>
      ) : (
        content
      )}
    </th>
  );
}

/**
 * The console's table: sorting by a column header, paging, columns that fold away on a phone, an
 * optional menu to hide columns, and its sort and page in the URL so a view of it can be shared.
 */
export function DataTable<T>({
  label,
  data,
  columns,
  getRowId,
  urlPrefix = '',
  urlHistory = 'push',
  defaultSort = null,
  pageSizes = DEFAULT_PAGE_SIZES,
  defaultPageSize = 25,
  paging = true,
  columnMenu = false,
  loading = false,
  empty,
}: DataTableProps<T>) {
  const sortable = columns
    .filter((column) => column.enableSorting !== false && column.id && 'accessorFn' in column)
    .map((column) => column.id!);
  const defaults: TableUrlDefaults = {
    prefix: urlPrefix,
    sortable,
    sort: defaultSort,
    pageSizes,
    pageSize: defaultPageSize,
  };
  const [state, setState] = useTableUrlState(defaults, urlHistory);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const pageIndex = paging ? clampPageIndex(state.pageIndex, data.length, state.pageSize) : 0;
  const sorting: SortingState = state.sort ? [state.sort] : [];

  // The table object is rebuilt from props and URL state on every render and never memoized downstream.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data as T[],
    columns,
    getRowId,
    state: { sorting, pagination: { pageIndex, pageSize: state.pageSize }, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      setState({ ...state, sort: next[0] ?? null, pageIndex: 0 });
    },
    onPaginationChange: () => undefined,
    onColumnVisibilityChange: setColumnVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(paging ? { getPaginationRowModel: getPaginationRowModel() } : {}),
    enableMultiSort: false,
    autoResetPageIndex: false,
  });

  if (loading) return <TableSkeleton label={label.toLowerCase()} />;
  if (data.length === 0 && empty) return <>{empty}</>;

  const showPager = paging && data.length > Math.min(...pageSizes);
  return (
    <div className={styles.frame}>
      {columnMenu && (
        <div className={styles.tools}>
          <ColumnMenu table={table} label={label} />
        </div>
      )}
      <Table label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const Cell = meta?.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={cell.id}
                    scope={meta?.rowHeader ? 'row' : undefined}
                    className={meta?.className}
                    data-phone-hidden={meta?.phone ? undefined : ''}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
      {showPager && (
        <DataTablePager
          label={label}
          pageIndex={pageIndex}
          pageSize={state.pageSize}
          pageSizes={pageSizes}
          rowCount={data.length}
          onChange={(next) => setState({ ...state, ...next })}
        />
      )}
    </div>
  );
}
