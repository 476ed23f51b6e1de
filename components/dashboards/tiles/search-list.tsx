'use client';

/**
 * A search tile: the latest events of a source over the dashboard's range (with its filter), newest
 * first, as a sortable, paged table. Fetched once on screen, through `POST /api/observability/v2/search`.
 */
import { memo, useMemo, useRef } from 'react';
import { loadedLater } from '@/components/ui/loaded-later';
import { useInView } from '@/components/charts/use-in-view';
import { useSearchQuery } from '@/lib/api/charts/use-search-query';
import { EMPTY_SCOPE, type DashboardScope } from '@/lib/charts/dashboard-scope';
import { searchTileQuery, type SearchView } from '@/lib/charts/search-tile-query';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { ChartFailure, ChartLoading } from '@/components/charts/chart-states';
import styles from './tiles.module.css';
import { formatMonthDayTime24 } from '@/lib/format/date-time';

const DataTable = loadedLater(() => import('@/components/charts/data-table').then((m) => m.DataTable));

const isTimeColumn = (name: string) => /^(timestamp|time|timestamptime|eventtime)$/i.test(name);
/** An event's time in the reader's time zone; text that is not a time stays as it came. */
function formatEventTime(value: unknown): string {
  const ms =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Date.parse(value.includes('T') || value.endsWith('Z') ? value : `${value.replace(' ', 'T')}Z`)
        : NaN;
  return Number.isFinite(ms) ? formatMonthDayTime24(ms) : String(value ?? '—');
}

/** Starts loading the events table's code before the tile is seen (a dashboard's first screen). */
export function preloadSearchListCode(): void {
  void DataTable.preload().catch(() => {}); // a failed load is tried again when the tile draws
}

export const SearchList = memo(function SearchList({
  view,
  range,
  scope = EMPTY_SCOPE,
}: {
  view: SearchView;
  range: ChartRange;
  scope?: DashboardScope;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const { visible, seen } = useInView(frame);
  const { query, scoped } = useMemo(() => searchTileQuery(view, scope), [view, scope]);
  const search = useSearchQuery(query, range, { enabled: seen, visible });
  const rows = search.data?.rows;
  const columns = useMemo(() => {
    const names = view.columns.length > 0 ? view.columns : Object.keys(rows?.[0] ?? {});
    return names.map((name) => ({
      key: name,
      label: name,
      numeric: typeof rows?.[0]?.[name] === 'number',
      ...(isTimeColumn(name) ? { format: formatEventTime } : {}),
    }));
  }, [view.columns, rows]);
  const tableRows = useMemo(
    () => (rows ?? []).map((row, i) => ({ key: String(i), cells: columns.map((c) => row[c.key]) })),
    [rows, columns],
  );

  let body;
  if (!query) body = <p className={styles.muted}>This list has no source.</p>;
  else if (search.isPending) body = <ChartLoading label="Loading events…" />;
  else if (search.isError && !search.isPlaceholderData) {
    body = <ChartFailure error={search.error} onRetry={() => search.refetch()} retrying={search.isFetching} />;
  } else if (tableRows.length === 0) body = <p className={styles.muted}>No events in this range</p>;
  else body = <DataTable label="Latest events" columns={columns} rows={tableRows} pageSize={50} />;

  return (
    <div ref={frame} className={styles.fill} aria-busy={search.isFetching || undefined} data-testid="search-list">
      {body}
      {scoped.skipped && <p className={styles.muted}>{scoped.skipped}</p>}
    </div>
  );
});
