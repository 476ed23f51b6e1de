'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { dashboardKeys } from '@/lib/api/dashboards/keys';
import { useSourcesQuery } from '@/lib/api/dashboards/use-sources-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import { surfaceCapabilities, type Surface } from '@/lib/observability/surface';
import { CodeButton } from './code-button';
import { DashboardPreview } from './dashboard-preview';
import { HistoryButton } from './history-button';

/** The dashboard page's History and "View as Terraform"; a restore reloads the editor from the restored dashboard. */
export function DashboardHistory({ surface, id, name }: { surface: Surface; id: string; name: string }) {
  const target = useSurfaceTarget(surface);
  const queryClient = useQueryClient();
  const sources = useSourcesQuery(target);
  const sourceNames = useMemo(() => new Map((sources.data ?? []).map((s) => [s.id, s.name])), [sources.data]);
  const { charts } = surfaceCapabilities(surface);
  const kind = surface === 'oss' ? 'dashboards' : 'managed-dashboards';
  // The editor owns its copy of the dashboard: resetting the query makes it start again from the stored one.
  const onRestored = useCallback(
    () => void queryClient.resetQueries({ queryKey: dashboardKeys.detail(surface, target.serviceId, id) }),
    [queryClient, surface, target.serviceId, id],
  );
  const preview = useCallback(
    (object: Record<string, unknown>) => (
      <DashboardPreview dashboard={object} charts={charts} sourceNames={sourceNames} />
    ),
    [charts, sourceNames],
  );
  return (
    <>
      <HistoryButton kind={kind} id={id} name={name} onRestored={onRestored} preview={preview} />
      <CodeButton kind={kind} id={id} name={name} />
    </>
  );
}
