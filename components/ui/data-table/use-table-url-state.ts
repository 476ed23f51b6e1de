'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';
import {
  parseTableState,
  tableStateQuery,
  withoutTableStateQuery,
  type TableUrlDefaults,
  type TableUrlState,
} from './table-url-state';

/**
 * How a change of the table's state enters the browser's history: `push` makes it a new entry, so
 * the back button returns to the page or order seen before; `replace` rewrites the current one (a
 * table in a dialog, whose earlier orders would otherwise come back with the dialog closed).
 */
export type TableUrlHistory = 'push' | 'replace';

/** A table's sort and page, read from and written to the URL. */
export function useTableUrlState(
  defaults: TableUrlDefaults,
  history: TableUrlHistory = 'push',
): [TableUrlState, (next: TableUrlState) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const query = params.toString();
  // The router moves to the new URL a moment later; until it does, the table shows what was asked
  // for, so a second click (the next page right after a new page size) builds on the first.
  const [asked, setAsked] = useState<{ from: string; state: TableUrlState } | null>(null);
  const state = asked && asked.from === query ? asked.state : parseTableState(params, defaults);
  const setState = useCallback(
    (next: TableUrlState) => {
      setAsked({ from: query, state: next });
      router[history](`${pathname}${tableStateQuery(params, next, defaults)}`, { scroll: false });
    },
    [router, history, pathname, params, query, defaults],
  );
  return [state, setState];
}

/**
 * Removes a table's state from the current URL when the table goes away (a dialog's, on close), in
 * place: the browser's history API, which the router follows, so nothing is fetched or scrolled.
 */
export function clearTableUrlState(prefix: string): void {
  const { pathname, search, hash } = window.location;
  const query = withoutTableStateQuery(search.replace(/^\?/, ''), prefix);
  if (query !== search) window.history.replaceState(null, '', `${pathname}${query}${hash}`);
}
