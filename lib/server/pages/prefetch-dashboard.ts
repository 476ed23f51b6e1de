import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/api/dashboards/keys';
import { dashboardEtag } from '../dashboard-versioning';
import { observabilityConfig } from '../env';
import { objectIdParams } from '../route-params';
import { sanitize } from '../sanitize';
import { currentUser } from '../session';
import { upstreamRequest } from '../upstream/http';

/**
 * A page render waits this long at most for the upstream: past it the page is sent without the
 * dashboard and the browser reads it (from the shared read cache, where this answer lands).
 */
const PAGE_READ_TIMEOUT_MS = 1_500;

/**
 * The dashboard read while its page is rendered on the server, as react-query state for the
 * browser, with the ETag the BFF's own read would give: the page arrives with its name, filters
 * and tile frames in the HTML instead of a skeleton waiting for the JavaScript and a second round
 * trip. Anything but a clean, quick answer gives `undefined`, and the browser reads the
 * dashboard itself, with its usual waiting and error states.
 */
export async function prefetchDashboard(id: string): Promise<DehydratedState | undefined> {
  const params = objectIdParams.safeParse({ id });
  // Next renders a page beside its layout, so the layout's sign-in check does not guard this read.
  if (!params.success || !(await currentUser())) return undefined;
  try {
    const result = await upstreamRequest({
      upstream: observabilityConfig(),
      method: 'GET',
      path: `/api/v2/dashboards/${encodeURIComponent(params.data.id)}`,
      timeoutMs: PAGE_READ_TIMEOUT_MS,
      retries: 0,
      queueMs: 0,
    });
    if (result.contract || result.status !== 200) return undefined;
    const dashboard = (sanitize(result.data) as { data?: unknown } | null)?.data;
    if (!dashboard || typeof dashboard !== 'object' || !Array.isArray((dashboard as { tiles?: unknown }).tiles)) return undefined;
    const client = new QueryClient();
    client.setQueryData(dashboardKeys.detail('oss', '', params.data.id), { dashboard, etag: dashboardEtag(dashboard) });
    return dehydrate(client);
  } catch {
    return undefined;
  }
}
