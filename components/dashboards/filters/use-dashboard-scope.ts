'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import {
  parseScopeParams,
  resolveScope,
  writeScopeParams,
  type DashboardScopeSource,
  type ResolvedScope,
  type ScopeParams,
} from './scope-url';

export interface UseDashboardScope extends ResolvedScope {
  /** Rewrites the URL (other parameters kept): the tiles requery with the new scope. */
  setScope: (next: ScopeParams) => void;
}

/** The dashboard's filter and drop-down values from the URL over its saved defaults (scope-url.ts). */
export function useDashboardScope(dashboard: DashboardScopeSource): UseDashboardScope {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const search = params?.toString() ?? '';
  const parsed = useMemo(() => parseScopeParams(new URLSearchParams(search)), [search]);
  const resolved = useMemo(
    () => resolveScope(dashboard, parsed),
    // The scope object is a query key input: recomputed only when what it reads changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [parsed, dashboard.filters, dashboard.savedQuery, dashboard.savedFilterValues],
  );
  const setScope = useCallback(
    (next: ScopeParams) => {
      const query = writeScopeParams(new URLSearchParams(search), next).toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname, search],
  );
  return { ...resolved, setScope };
}
