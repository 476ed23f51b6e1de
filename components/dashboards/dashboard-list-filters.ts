import { withFilterQuery } from '@/components/ui/data-table/table-url-state';
import { compareText } from '@/lib/format/compare';

/** Name and tag filters of the dashboards list, kept in the URL (`?q=…&tag=…`). Zod-free. */
export interface DashboardListFilters {
  query: string;
  tag?: string;
}

interface Listed {
  name: string;
  tags?: readonly string[];
}

export function parseDashboardFilters(params: Pick<URLSearchParams, 'get'>): DashboardListFilters {
  return { query: params.get('q') ?? '', tag: params.get('tag') || undefined };
}

/** The query string with these filters in place of the current ones; the list's sort is kept, its page dropped. */
export function dashboardFiltersQuery(
  filters: DashboardListFilters,
  current: Pick<URLSearchParams, 'toString'> = new URLSearchParams(),
): string {
  return withFilterQuery(current, { q: filters.query.trim() ? filters.query : undefined, tag: filters.tag });
}

/** Case-insensitive name match; the tag must be one of the dashboard's tags exactly. */
export function filterDashboards<T extends Listed>(list: readonly T[], filters: DashboardListFilters): T[] {
  const needle = filters.query.trim().toLocaleLowerCase();
  return list.filter(
    (d) =>
      (!needle || d.name.toLocaleLowerCase().includes(needle)) &&
      (!filters.tag || (d.tags ?? []).includes(filters.tag)),
  );
}

/** Every tag in use, sorted, plus the selected one even when no dashboard has it any more. */
export function tagsInUse(list: readonly Listed[], selected?: string): string[] {
  const tags = new Set(list.flatMap((d) => d.tags ?? []));
  if (selected) tags.add(selected);
  return [...tags].sort((a, b) => compareText(a, b));
}

/** `"a, b ,, c"` → `['a', 'b', 'c']`, each tag once. */
export function parseTagsText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
