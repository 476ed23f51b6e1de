/**
 * A table's sort, page and page size as query-string parameters, so a sorted, paged list can be
 * shared, survives a reload and the back button returns to the previous page of it. Only what
 * differs from the table's defaults is written, so an untouched table keeps a clean URL.
 */

export interface TableSort {
  /** A column id. */
  id: string;
  desc: boolean;
}

export interface TableUrlState {
  sort: TableSort | null;
  /** 0-based, as the table library counts. */
  pageIndex: number;
  pageSize: number;
}

export interface TableUrlDefaults {
  /** Names this table's parameters (`keys.sort`) where two tables share a page; '' for none. */
  prefix: string;
  /** Columns that may be sorted by; any other `sort` value is ignored. */
  sortable: readonly string[];
  sort: TableSort | null;
  pageSizes: readonly number[];
  pageSize: number;
}

interface SearchParamsLike {
  get(name: string): string | null;
  toString(): string;
}

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

export function tableParamNames(prefix: string) {
  const name = (key: string) => (prefix ? `${prefix}.${key}` : key);
  return { sort: name('sort'), page: name('page'), size: name('size') };
}

/** `name` sorts ascending, `-name` descending. */
function parseSort(value: string | null, defaults: TableUrlDefaults): TableSort | null {
  if (value === null) return defaults.sort;
  if (value === '') return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return defaults.sortable.includes(id) ? { id, desc } : defaults.sort;
}

function sortText(sort: TableSort | null): string {
  return sort ? `${sort.desc ? '-' : ''}${sort.id}` : '';
}

const sameSort = (a: TableSort | null, b: TableSort | null) =>
  a === b || (a !== null && b !== null && a.id === b.id && a.desc === b.desc);

/** A positive whole number from the URL, or undefined for anything else. */
function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

/** The table's state from the URL; values that make no sense for it fall back to its defaults. */
export function parseTableState(params: SearchParamsLike, defaults: TableUrlDefaults): TableUrlState {
  const names = tableParamNames(defaults.prefix);
  const size = wholeNumber(params.get(names.size));
  const page = wholeNumber(params.get(names.page));
  return {
    sort: parseSort(params.get(names.sort), defaults),
    pageIndex: page ? page - 1 : 0,
    pageSize: size && defaults.pageSizes.includes(size) ? size : defaults.pageSize,
  };
}

/**
 * The query string ('' or `?…`) of the current URL with this table's state replaced; every other
 * parameter (filters, another table's state) is kept as it is.
 */
export function tableStateQuery(
  current: Pick<SearchParamsLike, 'toString'>,
  state: TableUrlState,
  defaults: TableUrlDefaults,
): string {
  const names = tableParamNames(defaults.prefix);
  const params = new URLSearchParams(current.toString());
  if (sameSort(state.sort, defaults.sort)) params.delete(names.sort);
  else params.set(names.sort, sortText(state.sort));
  if (state.pageIndex > 0) params.set(names.page, String(state.pageIndex + 1));
  else params.delete(names.page);
  if (state.pageSize !== defaults.pageSize) params.set(names.size, String(state.pageSize));
  else params.delete(names.size);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The query string ('' or `?…`) of the current URL without this table's state, for a table that goes
 * away (a dialog's, when it closes); every other parameter is kept.
 */
export function withoutTableStateQuery(current: Pick<SearchParamsLike, 'toString'>, prefix: string): string {
  const params = new URLSearchParams(current.toString());
  for (const name of Object.values(tableParamNames(prefix))) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The page a table should show: the one asked for, or its last page when the list got shorter. */
export function clampPageIndex(pageIndex: number, rowCount: number, pageSize: number): number {
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  return Math.min(Math.max(0, pageIndex), pageCount - 1);
}

/** "1–25 of 140": the rows the page shows and how many there are. */
export function pageRangeText(pageIndex: number, pageSize: number, rowCount: number): string {
  if (rowCount === 0) return '0 of 0';
  const first = pageIndex * pageSize + 1;
  const last = Math.min(rowCount, first + pageSize - 1);
  return `${first}–${last} of ${rowCount}`;
}

/**
 * A query string with some parameters replaced and the table's page dropped, for a filter change:
 * a new filter starts the list again from its first page.
 */
export function withFilterQuery(
  current: Pick<SearchParamsLike, 'toString'>,
  filters: Record<string, string | undefined>,
  tablePrefix = '',
): string {
  const params = new URLSearchParams(current.toString());
  for (const [name, value] of Object.entries(filters)) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  params.delete(tableParamNames(tablePrefix).page);
  const query = params.toString();
  return query ? `?${query}` : '';
}
