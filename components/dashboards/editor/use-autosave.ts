'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch } from 'react';
import { conflictOf, type VersionedDashboard } from '@/lib/api/dashboards/requests';
import type { DashboardBody } from '@/lib/schemas/observability/dashboard';
import { draftBody, isDirty, type DraftAction, type DraftState } from './draft';

export const SAVE_DEBOUNCE_MS = 800;

export type SaveStatus = 'saved' | 'saving' | 'error' | 'conflict';

export interface Autosave {
  status: SaveStatus;
  error: unknown;
  /** The stored version when a save was refused with 412. */
  conflict: VersionedDashboard | null;
  retry: () => void;
  keepMine: () => void;
  takeTheirs: () => void;
}

/**
 * Saves the draft with a debounced, conditional PUT, one request at a time (so a tile created
 * by one save has its id before the next save sends it). A failure stops the automatic saves
 * until the next edit or Retry; a 412 stops them until the person chooses a version.
 */
export function useAutosave(
  state: DraftState,
  dispatch: Dispatch<DraftAction>,
  save: (body: DashboardBody, etag: string) => Promise<VersionedDashboard>,
  enabled: boolean,
): Autosave {
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const [inFlight, setInFlight] = useState(false);
  const [failure, setFailure] = useState<{ revision: number; error: unknown } | null>(null);
  const [conflict, setConflict] = useState<VersionedDashboard | null>(null);

  const runSave = useCallback(async () => {
    const current = latest.current;
    if (!isDirty(current)) return;
    setInFlight(true);
    const sentRevision = current.revision;
    const sentKeys = current.present.tiles.map((t) => t.key);
    try {
      const saved = await save(draftBody(current.present), current.etag);
      dispatch({ type: 'saved', sentRevision, sentKeys, dashboard: saved.dashboard, etag: saved.etag });
      setFailure(null);
    } catch (error) {
      const stored = conflictOf(error);
      if (stored) setConflict(stored);
      else setFailure({ revision: sentRevision, error });
    } finally {
      setInFlight(false);
    }
  }, [dispatch, save]);

  const dirty = isDirty(state);
  const blocked =
    !enabled || inFlight || conflict !== null || (failure !== null && failure.revision === state.revision);
  useEffect(() => {
    if (!dirty || blocked) return;
    const timer = setTimeout(() => void runSave(), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dirty, blocked, state.revision, runSave]);

  const retry = useCallback(() => {
    setFailure(null);
    void runSave();
  }, [runSave]);

  const keepMine = useCallback(() => {
    if (!conflict) return;
    dispatch({ type: 'rebase', etag: conflict.etag });
    latest.current = { ...latest.current, etag: conflict.etag };
    setConflict(null);
    setFailure(null);
    void runSave();
  }, [conflict, dispatch, runSave]);

  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    dispatch({ type: 'reset', dashboard: conflict.dashboard, etag: conflict.etag });
    setConflict(null);
    setFailure(null);
  }, [conflict, dispatch]);

  const failedNow = failure !== null && failure.revision === state.revision && !inFlight;
  const status: SaveStatus = conflict ? 'conflict' : failedNow ? 'error' : dirty || inFlight ? 'saving' : 'saved';
  return { status, error: failure?.error ?? null, conflict, retry, keepMine, takeTheirs };
}
