'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type Dispatch } from 'react';
import { dashboardKeys } from '@/lib/api/dashboards/keys';
import { replaceDashboard, type SurfaceTarget } from '@/lib/api/dashboards/requests';
import type { DashboardBody } from '@/lib/schemas/observability/dashboard';
import type { DraftAction, DraftState } from './draft';
import { useAutosave, type Autosave } from './use-autosave';

/** Autosaves the draft to this dashboard, and marks the dashboards list stale after each save. */
export function useDashboardSave(
  target: SurfaceTarget,
  id: string,
  state: DraftState,
  dispatch: Dispatch<DraftAction>,
  enabled: boolean,
): Autosave {
  const queryClient = useQueryClient();
  const save = useCallback(
    async (body: DashboardBody, etag: string) => {
      const saved = await replaceDashboard(target, id, body, etag);
      // The list shows tile counts and names; it refetches when next shown.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) });
      return saved;
    },
    [target, id, queryClient],
  );
  return useAutosave(state, dispatch, save, enabled);
}
