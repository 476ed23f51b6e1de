'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Surface } from '@/lib/observability/surface';
import type { Dashboard, Tile } from '@/lib/schemas/observability/dashboard';
import { isDirty, type DraftState } from './draft';
import { clearStoredDraft, readStoredDraft, writeStoredDraft, type StoredDraft } from './draft-storage';

type DocLike = { name: string; tags: string[]; tiles: readonly (Tile & { key?: string })[] };

function sameDoc(a: DocLike, b: DocLike): boolean {
  const strip = (doc: DocLike) =>
    JSON.stringify({ name: doc.name, tags: doc.tags, tiles: doc.tiles.map(({ key: _key, ...tile }) => tile) });
  return strip(a) === strip(b);
}

const subscribeToNothing = () => () => {};
const noDraft = () => null;

/**
 * The editor's unsaved draft, kept in this tab's storage until the server has it, and the draft
 * an earlier page of the tab left (a reload during a failing save), offered back until the person
 * restores or discards it (`settle`). That earlier draft is read once, in the browser: a page
 * rendered on the server (which has none) hydrates to the same markup and shows the offer just
 * after; until the person chose, it stays stored as it is.
 */
export function useStoredDraft(surface: Surface, id: string, state: DraftState, opened: Dashboard) {
  const [readOpeningDraft] = useState(() => {
    let draft: StoredDraft | null | undefined;
    return () => (draft === undefined ? (draft = readStoredDraft(surface, id)) : draft);
  });
  const [openedDoc] = useState(opened);
  const [settled, setSettled] = useState(false);
  const offered = (draft: StoredDraft | null) => (!settled && draft && !sameDoc(draft.doc, openedDoc) ? draft : null);
  const restorable = offered(useSyncExternalStore(subscribeToNothing, readOpeningDraft, noDraft));

  const dirty = isDirty(state);
  const pending = offered(typeof window === 'undefined' ? null : readOpeningDraft()) !== null;
  useEffect(() => {
    if (pending) return;
    if (dirty) writeStoredDraft(surface, id, { doc: state.present, etag: state.etag, savedAt: Date.now() });
    else clearStoredDraft(surface, id);
  }, [pending, dirty, state.present, state.etag, surface, id]);

  return { restorable, settle: () => setSettled(true) };
}
