import 'server-only';
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import type { UpstreamConfig } from '../env';
import { sanitize } from '../sanitize';
import { currentUser } from '../session';
import { upstreamRequest } from '../upstream/http';

/**
 * A page render waits this long at most for the upstream: past it the page is sent without the
 * record and the browser reads it (from the shared read cache, where this answer lands).
 */
const PAGE_READ_TIMEOUT_MS = 1_500;

export interface PageRead {
  upstream: UpstreamConfig;
  path: string;
  /** The query the page's client reads the record under. */
  queryKey: QueryKey;
  /** The query's data from the sanitized answer; `undefined` when the answer is not what the page expects. */
  pick: (body: unknown) => unknown;
}

/**
 * A record read while its page is rendered on the server, as react-query state for the browser:
 * the page arrives with the record painted instead of a skeleton that waits for the JavaScript and
 * then a second round trip. Anything but a clean, quick answer (budget spent, upstream slow or
 * failing, an answer off the contract) gives `undefined`, and the browser reads the record itself,
 * with its usual waiting, error and notice states. Every role may read what pages show this way,
 * so a signed-in user is all it needs; Next renders a page beside its layout, so the layout's
 * sign-in check does not guard this read.
 */
export async function prefetchPageRead({ upstream, path, queryKey, pick }: PageRead): Promise<DehydratedState | undefined> {
  if (!(await currentUser())) return undefined;
  try {
    const result = await upstreamRequest({ upstream, method: 'GET', path, timeoutMs: PAGE_READ_TIMEOUT_MS, retries: 0, queueMs: 0 });
    if (result.contract || result.status !== 200) return undefined;
    const data = pick(sanitize(result.data));
    if (data === undefined) return undefined;
    const client = new QueryClient();
    client.setQueryData(queryKey, data);
    return dehydrate(client);
  } catch {
    return undefined;
  }
}
