'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';
import { parseTableState, tableStateQuery, type TableUrlDefaults, type TableUrlState } from './table-url-state';

/**
 * A table's sort and page, read from and written to the URL. A change is a new history entry, so
 * the back button returns to the page or order seen before.
 */
export function useTableUrlState(defaults: TableUrlDefaults): [TableUrlState, (next: TableUrlState) => void] {
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
      router.push(`${pathname}${tableStateQuery(params, next, defaults)}`, { scroll: false });
    },
    [router, pathname, params, query, defaults],
  );
  return [state, setState];
}
