'use client';

import { useMemo } from 'react';
import type { ObservabilitySource } from '@/lib/api/dashboards/requests';
import type { DashboardScope } from '@/lib/charts/dashboard-scope';
import { sourceFields, type SourceFields } from '@/lib/charts/source-fields';

/**
 * The dashboard's scope as tiles apply it: with the fields each source names, so that a filter on
 * a field a tile's source lacks is left out of that tile (and the tile says so) instead of failing
 * its query. Until the sources arrive, the scope is applied unchecked.
 */
export function useTileScope(scope: DashboardScope, sources: readonly ObservabilitySource[]): DashboardScope {
  const fields = useMemo(() => {
    const map = new Map<string, SourceFields | null>();
    for (const source of sources) map.set(source.id, sourceFields(source));
    return map;
  }, [sources]);
  return useMemo(
    () => (sources.length === 0 ? scope : { ...scope, sourceFields: fields }),
    [scope, fields, sources.length],
  );
}
