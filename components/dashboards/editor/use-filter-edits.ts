'use client';

import type { Dispatch } from 'react';
import type { DashboardFilter } from '@/lib/schemas/observability/dashboard';
import { defaultsOf } from '../filters/scope-url';
import type { UseDashboardScope } from '../filters/use-dashboard-scope';
import type { DraftAction } from './draft';

/** Edits of the dashboard's filters in the draft: the current scope saved as default, the filter list replaced. */
export function useFilterEdits(
  dispatch: Dispatch<DraftAction>,
  filters: DashboardFilter[],
  scope: UseDashboardScope,
  announce: (message: string) => void,
) {
  const saveDefault = () => {
    dispatch({ type: 'edit', change: (doc) => ({ ...doc, fields: { ...doc.fields, ...defaultsOf(filters, scope) } }) });
    announce('Saved this filter as the dashboard’s default.');
  };
  const changeFilters = (next: DashboardFilter[], message: string) => {
    dispatch({ type: 'edit', change: (doc) => ({ ...doc, fields: { ...doc.fields, filters: next } }) });
    announce(message);
  };
  return { saveDefault, changeFilters };
}
