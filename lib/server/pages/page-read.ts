import 'server-only';
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import type { UpstreamConfig } from '../env';
import { sanitize } from '../sanitize';
import { currentUser } from '../session';
import { upstreamRequest } from '../upstream/http';
import { BudgetExhaustedError } from '../upstream/scheduler';

/**
 * A page render waits this long at most for the upstream: past it the page is sent without the
 * record and the browser reads it (from the shared read cache, where this answer lands).
 */
export const PAGE_READ_TIMEOUT_MS = 1_500;

export interface PageRead {
  upstream: UpstreamConfig;
  path: string;
  /** The query the page's client reads the record under. */
  queryKey: QueryKey;
  /** The query's data from the sanitized answer; `undefined` when the answer is not what the page expects. */
  pick: (body: unknown) => unknown;
  /** Told the data once the page has it (the history notices listed objects this way). */
  onData?: (data: unknown) => void;
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
export async function prefetchPageRead(read: PageRead): Promise<DehydratedState | undefined> {
  return (await pageRead(read)).state;
}

/** What a page read came back with: the state, or nothing and, when it is the cause, the budget it waits for. */
export interface PageReadOutcome {
  state?: DehydratedState;
  /** The upstream budget's own sentence when it had no room for this read, without its countdown. */
  budget?: string;
}

/** As `prefetchPageRead`, also saying when the read was not made because the upstream budget had no room. */
export async function pageRead({ upstream, path, queryKey, pick, onData }: PageRead): Promise<PageReadOutcome> {
  if (!(await currentUser())) return {};
  try {
    const result = await upstreamRequest({
      upstream,
      method: 'GET',
      path,
      timeoutMs: PAGE_READ_TIMEOUT_MS,
      retries: 0,
      queueMs: 0,
    });
    if (result.contract || result.status !== 200) return {};
    const data = pick(sanitize(result.data));
    if (data === undefined) return {};
    onData?.(data);
    const client = new QueryClient();
    client.setQueryData(queryKey, data);
    return { state: dehydrate(client) };
  } catch (error) {
    if (error instanceof BudgetExhaustedError)
      return { budget: error.message.replace(/;?\s*retrying in \d+ s\.?$/, '') };
    return {};
  }
}
