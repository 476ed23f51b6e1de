'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { parseTableState, tableStateQuery, type TableUrlDefaults, type TableUrlState } from './table-url-state';

/**
 * A table's sort and page, read from and written to the URL. A change is a new history entry, so
 * the back button returns to the page or order seen before.
 */
export function useTableUrlState(defaults: TableUrlDefaults): [TableUrlState, (next: TableUrlState) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = parseTableState(params, defaults);
  const setState = useCallback(
    (next: TableUrlState) => router.push(`${pathname}${tableStateQuery(params, next, defaults)}`, { scroll: false }),
    [router, pathname, params, defaults],
  );
  return [state, setState];
}
