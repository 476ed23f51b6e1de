'use client';

import { useParams } from 'next/navigation';
import type { Surface } from '@/lib/observability/surface';
import { DashboardEditor } from './dashboard-editor';

/**
 * The editor of the dashboard the URL names. The id is read here, in the browser, so the page's
 * server part has nothing to wait for: a page that waits, even only for its params, is streamed
 * after the shell, and React shows such late parts no sooner than 300 ms after the first paint;
 * the dashboard's own read would start that much later.
 */
export function DashboardRoute({ surface }: { surface: Surface }) {
  const { dashboardId } = useParams<{ dashboardId: string }>();
  return <DashboardEditor surface={surface} id={dashboardId} />;
}
