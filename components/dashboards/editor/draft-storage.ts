import type { Surface } from '@/lib/observability/surface';
import type { DraftDoc } from './draft';

/**
 * Unsaved drafts are kept in sessionStorage (this tab only, gone with it) until the server has
 * them, so a reload during a failing save loses nothing. Dashboards hold no secrets.
 */
export interface StoredDraft {
  doc: DraftDoc;
  /** The version the draft was based on: restoring it saves with this If-Match, so a change made meanwhile is not overwritten. */
  etag: string;
  savedAt: number;
}

const storageKey = (surface: Surface, id: string) => `sluice.dashboard-draft.${surface}.${id}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStoredDraft(surface: Surface, id: string): StoredDraft | null {
  const text = storage()?.getItem(storageKey(surface, id));
  if (!text) return null;
  try {
    const value = JSON.parse(text) as StoredDraft;
    return value && typeof value.etag === 'string' && Array.isArray(value.doc?.tiles) ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredDraft(surface: Surface, id: string, draft: StoredDraft): void {
  try {
    storage()?.setItem(storageKey(surface, id), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft still lives in memory and the save goes on.
  }
}

export function clearStoredDraft(surface: Surface, id: string): void {
  storage()?.removeItem(storageKey(surface, id));
}
