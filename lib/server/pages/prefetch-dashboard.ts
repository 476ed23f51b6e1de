import 'server-only';
import type { DehydratedState } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/api/dashboards/keys';
import { dashboardEtag } from '../dashboard-versioning';
import { observabilityConfig } from '../env';
import { objectIdParams } from '../route-params';
import { observabilityApi } from '../upstream/typed';
import { prefetchPageRead } from './page-read';

/**
 * The dashboard for its page, with the ETag the BFF's own read would give: name, filters and time
 * range are in the HTML, and the editor can save against that version.
 */
export async function prefetchDashboard(id: string): Promise<DehydratedState | undefined> {
  const params = objectIdParams.safeParse({ id });
  if (!params.success) return undefined;
  return prefetchPageRead({
    upstream: observabilityConfig(),
    path: observabilityApi.path('get', '/api/v2/dashboards/{id}', { params: params.data }),
    queryKey: dashboardKeys.detail('oss', '', params.data.id),
    pick: (body) => {
      const dashboard = (body as { data?: unknown } | null)?.data;
      const valid =
        dashboard !== null && typeof dashboard === 'object' && Array.isArray((dashboard as { tiles?: unknown }).tiles);
      return valid ? { dashboard, etag: dashboardEtag(dashboard) } : undefined;
    },
  });
}
