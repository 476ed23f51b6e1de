'use client';

import { hydrate, useQueryClient, type DehydratedState } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * Puts the records a page read on the server into the query cache as the page renders, as
 * TanStack's HydrationBoundary does, with one difference: a query the cache holds WITHOUT data
 * (made, still pending, by a part rendered earlier — the shell's services list) is filled in during
 * render too, not in an effect after commit. HydrationBoundary leaves every query already in the
 * cache to its effect; on the server effects never run, so the page's part was sent as its loading
 * state, and in the browser that query's own fetch could answer before the part hydrated: React
 * then found data where the server had sent "waiting…" and threw the part's HTML away (a hydration
 * mismatch on the overview, React error #418). A query that already has data keeps
 * HydrationBoundary's rule: newer data goes in after commit, so nothing on screen changes mid-render.
 */
export function PrefetchedState({
  state,
  children,
}: {
  state: DehydratedState | null | undefined;
  children: ReactNode;
}) {
  const client = useQueryClient();
  const later = useMemo(() => {
    const cache = client.getQueryCache();
    const now: DehydratedQuery[] = [];
    const afterCommit: DehydratedQuery[] = [];
    for (const query of state?.queries ?? []) {
      const existing = cache.get(query.queryHash);
      if (!existing || existing.state.data === undefined) now.push(query);
      else if (query.state.dataUpdatedAt > existing.state.dataUpdatedAt) afterCommit.push(query);
    }
    if (now.length > 0) hydrate(client, { queries: now, mutations: [] });
    return afterCommit;
  }, [client, state]);
  useEffect(() => {
    if (later.length > 0) hydrate(client, { queries: later, mutations: [] });
  }, [client, later]);
  return children;
}
