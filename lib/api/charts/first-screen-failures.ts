import type { QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import { FRESH_FOR_MS } from '../query-client';

/**
 * A failed first-screen read is its tile's answer: the tile shows the error with its Retry, as it
 * would had it asked itself, instead of asking again when it mounts or scrolls into view. That
 * second ask spent the shared upstream budget twice per failure and, when it succeeded, hid a
 * failure the person on call may need to see.
 *
 * Kept for as long as an answer is fresh (FRESH_FOR_MS): a dashboard opened again later reads
 * again, as it would after any old answer.
 */

/** What is read of a cached query, whatever its data and error types. */
interface CachedQuery {
  state: Pick<QueryState, 'status' | 'errorUpdatedAt'>;
}

/** When each first-screen read failed, by its query (gone with the query). */
const failures = new WeakMap<CachedQuery, number>();

/** Remembers that the first-screen read under `queryKey` failed. */
export function rememberFirstScreenFailure(client: QueryClient, queryKey: QueryKey): void {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.status === 'error') failures.set(query, query.state.errorUpdatedAt);
}

/**
 * Whether the query's current state is a first-screen read's failure, recent and not retried
 * since: a tile then shows it rather than reading again on its own.
 */
export function isFreshFirstScreenFailure(query: CachedQuery, now = Date.now()): boolean {
  const at = failures.get(query);
  return (
    at !== undefined && query.state.status === 'error' && query.state.errorUpdatedAt === at && now - at < FRESH_FOR_MS
  );
}
