import type { Dashboard, DashboardBody, Tile } from '@/lib/schemas/observability/dashboard';
import type { DraftTile } from '../layout';

/**
 * The editor's local draft: the one place edits are written (grid, keyboard, tile dialog,
 * undo/redo, a restored session, "take theirs"), with the history for undo and what the server
 * last acknowledged. Pure, so the save logic is testable without a browser.
 */

export interface DraftDoc {
  name: string;
  tags: string[];
  tiles: readonly DraftTile[];
  /**
   * Every other field of the dashboard (filters, default filter, containers, and whatever a newer
   * upstream adds), written back with each save exactly as it came unless an edit changes it.
   */
  fields?: Readonly<Record<string, unknown>>;
}

export interface DraftState {
  present: DraftDoc;
  past: DraftDoc[];
  future: DraftDoc[];
  /** The ETag of the server version the draft is based on; sent as If-Match. */
  etag: string;
  /** Bumped by every change of `present`; a save reports the revision it sent. */
  revision: number;
  savedRevision: number;
  /** Draft keys are never reused, so a deleted tile's key cannot come back as another tile. */
  nextKey: number;
}

export const HISTORY_LIMIT = 100;

export type DraftAction =
  | { type: 'edit'; change: (doc: DraftDoc, newKey: () => string) => DraftDoc }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; sentRevision: number; sentKeys: readonly string[]; dashboard: Dashboard; etag: string }
  /** The server's version replaces the draft (load, "take theirs"); history is kept so it can be undone. */
  | { type: 'reset'; dashboard: Dashboard; etag: string }
  /** "Keep mine" after a conflict: the same draft, now based on the newer version. */
  | { type: 'rebase'; etag: string };

function draftTiles(tiles: readonly Tile[], newKey: () => string): DraftTile[] {
  return tiles.map((tile) => ({ ...tile, key: newKey() }));
}

/** The dashboard's fields beside id, name, tags and tiles. */
export function otherFields(dashboard: Dashboard): Record<string, unknown> {
  const { id: _id, name: _name, tags: _tags, tiles: _tiles, ...fields } = dashboard;
  return fields;
}

export function initialDraft(dashboard: Dashboard, etag: string): DraftState {
  let next = 0;
  const present = {
    name: dashboard.name,
    tags: dashboard.tags ?? [],
    tiles: draftTiles(dashboard.tiles, () => `t${next++}`),
    fields: otherFields(dashboard),
  };
  return { present, past: [], future: [], etag, revision: 0, savedRevision: 0, nextKey: next };
}

export function isDirty(state: DraftState): boolean {
  return state.revision !== state.savedRevision;
}

/** The PUT body of a draft: keys are local, ids are the server's (absent on new tiles). */
export function draftBody(doc: DraftDoc): DashboardBody {
  return { ...doc.fields, name: doc.name, tags: doc.tags, tiles: doc.tiles.map(({ key: _key, ...tile }) => tile) };
}

function withIds(doc: DraftDoc, ids: ReadonlyMap<string, string>): DraftDoc {
  if (!doc.tiles.some((t) => t.id === undefined && ids.has(t.key))) return doc;
  return {
    ...doc,
    tiles: doc.tiles.map((t) => (t.id === undefined && ids.has(t.key) ? { ...t, id: ids.get(t.key)! } : t)),
  };
}

type FilterLike = { id?: string };

/** Filters added in the editor carry a placeholder id until the server answers with theirs (in the order sent). */
function withFilterIds(doc: DraftDoc, ids: ReadonlyMap<string, string>): DraftDoc {
  const filters = doc.fields?.filters as FilterLike[] | undefined;
  if (!filters?.some((f) => f.id !== undefined && ids.has(f.id))) return doc;
  return {
    ...doc,
    fields: {
      ...doc.fields,
      filters: filters.map((f) => (f.id !== undefined && ids.has(f.id) ? { ...f, id: ids.get(f.id)! } : f)),
    },
  };
}

function filterIdsOf(
  sent: readonly FilterLike[] | undefined,
  answered: readonly FilterLike[] | undefined,
): Map<string, string> {
  const ids = new Map<string, string>();
  if (!sent || !answered || sent.length !== answered.length) return ids;
  sent.forEach((filter, i) => {
    const id = answered[i]?.id;
    if (filter.id && id && filter.id !== id) ids.set(filter.id, id);
  });
  return ids;
}

function pushHistory(state: DraftState, present: DraftDoc, nextKey: number): DraftState {
  return {
    ...state,
    present,
    past: [...state.past, state.present].slice(-HISTORY_LIMIT),
    future: [],
    revision: state.revision + 1,
    nextKey,
  };
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'edit': {
      let nextKey = state.nextKey;
      const present = action.change(state.present, () => `t${nextKey++}`);
      return present === state.present ? state : pushHistory(state, present, nextKey);
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        present: previous,
        past: state.past.slice(0, -1),
        future: [state.present, ...state.future],
        revision: state.revision + 1,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return {
        ...state,
        present: next,
        past: [...state.past, state.present],
        future: rest,
        revision: state.revision + 1,
      };
    }
    case 'saved': {
      // Tiles are answered in the order they were sent: the i-th sent key gets the i-th id.
      // The ids go into every version in the history too, so an undo never turns a saved tile
      // back into a new one (which would get yet another id and lose its alerts).
      const ids = new Map<string, string>();
      action.sentKeys.forEach((key, i) => {
        const id = action.dashboard.tiles[i]?.id;
        if (id) ids.set(key, id);
      });
      const filterIds = filterIdsOf(
        state.present.fields?.filters as FilterLike[] | undefined,
        action.dashboard.filters,
      );
      const update = (doc: DraftDoc) => withFilterIds(withIds(doc, ids), filterIds);
      return {
        ...state,
        present: update(state.present),
        past: state.past.map(update),
        future: state.future.map(update),
        etag: action.etag,
        savedRevision: Math.max(state.savedRevision, action.sentRevision),
      };
    }
    case 'reset': {
      let nextKey = state.nextKey;
      const present = {
        name: action.dashboard.name,
        tags: action.dashboard.tags ?? [],
        tiles: draftTiles(action.dashboard.tiles, () => `t${nextKey++}`),
        fields: otherFields(action.dashboard),
      };
      const revision = state.revision + 1;
      return {
        ...state,
        present,
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        future: [],
        etag: action.etag,
        revision,
        savedRevision: revision,
        nextKey,
      };
    }
    case 'rebase':
      return { ...state, etag: action.etag };
  }
}
