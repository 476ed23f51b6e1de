'use client';

/**
 * `useTimeRange()`: the dashboard time range kept in the URL (see time-range.ts for the
 * parameters). Returns the parsed state, the range resolved to epoch milliseconds, and a setter
 * that rewrites the URL (other parameters kept) so that a link reproduces the view.
 *
 * A range ending now is resolved against one shared "anchor" time, taken when the page or the
 * chosen range changes, not at every render: every caller on the page agrees on the window and
 * the charts' query keys stay stable. With live refresh the charts re-resolve the window at each
 * refetch themselves (ChartRange.relativeMs / refreshMs); `refreshNow()` re-anchors on demand.
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { parseTimeRange, resolveTimeRange, serializeTimeRange, type TimeRangeState } from './time-range';

export interface UseTimeRange {
  state: TimeRangeState;
  range: ChartRange;
  setTimeRange: (next: TimeRangeState) => void;
  refreshNow: () => void;
  /** This page's link with the current time range. */
  href: string;
}

let anchorMs: number | null = null;
let anchoredFor: string | null = null;
const listeners = new Set<() => void>();

function currentAnchor(): number {
  anchorMs ??= Date.now();
  return anchorMs;
}

function reanchor(): void {
  anchorMs = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTimeRange(): UseTimeRange {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const search = params?.toString() ?? '';
  const state = useMemo(() => parseTimeRange(new URLSearchParams(search)), [search]);
  const viewKey = `${pathname}?${serializeTimeRange(state).toString()}`;
  const now = useSyncExternalStore(subscribe, currentAnchor, currentAnchor);

  useEffect(() => {
    if (anchoredFor === viewKey) return;
    // A view reached otherwise (another page, back/forward): the first caller re-anchors, the
    // others find it done.
    if (anchoredFor !== null) reanchor();
    anchoredFor = viewKey;
  }, [viewKey]);

  const range = useMemo(() => resolveTimeRange(state, now), [state, now]);

  const setTimeRange = useCallback(
    (next: TimeRangeState) => {
      // Anchored here, silently, so that the render showing the new range already uses the new
      // time: re-anchoring after it (in the effect) would make every chart ask twice.
      anchorMs = Date.now();
      anchoredFor = `${pathname}?${serializeTimeRange(next).toString()}`;
      const query = serializeTimeRange(next, new URLSearchParams(search)).toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname, search],
  );

  return { state, range, setTimeRange, refreshNow: reanchor, href: search ? `${pathname}?${search}` : pathname };
}
