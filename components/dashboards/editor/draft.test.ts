import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import { draftBody, draftReducer, initialDraft, isDirty, type DraftDoc, type DraftState } from './draft';

const SOURCE = '67fde92fda19d1c3635e9934';
const series = [{ type: 'time' as const, sourceId: SOURCE, aggFn: 'count' as const, where: '', groupBy: [] }];
const ID_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ID_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const ID_C = 'cccccccccccccccccccccccc';
const dashboard: Dashboard = {
  id: 'dddddddddddddddddddddddd',
  name: 'Health',
  tags: ['prod'],
  tiles: [{ id: ID_A, name: 'A', x: 0, y: 0, w: 12, h: 4, series }],
};

const addTile = (name: string) => ({
  type: 'edit' as const,
  change: (doc: DraftDoc, newKey: () => string) => ({
    ...doc,
    tiles: [...doc.tiles, { key: newKey(), name, x: 0, y: 4, w: 6, h: 2, series }],
  }),
});
const moveFirst = (x: number) => ({
  type: 'edit' as const,
  change: (doc: DraftDoc) => ({ ...doc, tiles: doc.tiles.map((t, i) => (i === 0 ? { ...t, x } : t)) }),
});
const run = (state: DraftState, ...actions: Parameters<typeof draftReducer>[1][]) =>
  actions.reduce(draftReducer, state);

describe('dashboard draft', () => {
  it('starts clean, with a local key per tile and the server id kept', () => {
    const state = initialDraft(dashboard, '"v1"');
    expect(isDirty(state)).toBe(false);
    expect(state.present.tiles).toEqual([expect.objectContaining({ key: 't0', id: ID_A })]);
    expect(draftBody(state.present)).toEqual({
      name: 'Health',
      tags: ['prod'],
      tiles: [{ id: ID_A, name: 'A', x: 0, y: 0, w: 12, h: 4, series }],
    });
  });

  it('an edit that changes nothing is not a step and not a save', () => {
    const state = initialDraft(dashboard, '"v1"');
    expect(draftReducer(state, { type: 'edit', change: (doc) => doc })).toBe(state);
  });

  it('undoes and redoes edits; a new edit drops the redo branch', () => {
    const state = run(initialDraft(dashboard, '"v1"'), moveFirst(2), moveFirst(4), { type: 'undo' });
    expect(state.present.tiles[0]!.x).toBe(2);
    expect(isDirty(state)).toBe(true);
    expect(run(state, { type: 'redo' }).present.tiles[0]!.x).toBe(4);
    const branched = run(state, moveFirst(8));
    expect(branched.future).toEqual([]);
    expect(run(branched, { type: 'redo' })).toBe(branched);
    expect(run(initialDraft(dashboard, '"v1"'), { type: 'undo' }).present.tiles[0]!.x).toBe(0);
  });

  it('gives new tiles the ids of the response, by position, in the present and the history', () => {
    const edited = run(initialDraft(dashboard, '"v1"'), addTile('B'), addTile('C'));
    const sentKeys = edited.present.tiles.map((t) => t.key);
    const saved = draftReducer(edited, {
      type: 'saved',
      sentRevision: edited.revision,
      sentKeys,
      etag: '"v2"',
      dashboard: {
        ...dashboard,
        tiles: [
          dashboard.tiles[0]!,
          { ...dashboard.tiles[0]!, id: ID_B, name: 'B' },
          { ...dashboard.tiles[0]!, id: ID_C, name: 'C' },
        ],
      },
    });
    expect(saved.present.tiles.map((t) => [t.key, t.id])).toEqual([
      ['t0', ID_A],
      ['t1', ID_B],
      ['t2', ID_C],
    ]);
    expect(saved.past.at(-1)!.tiles.map((t) => t.id)).toEqual([ID_A, ID_B]);
    expect(saved.etag).toBe('"v2"');
    expect(isDirty(saved)).toBe(false);
    // Undoing past the save keeps B's server id: B is not sent as a new tile again.
    expect(draftBody(run(saved, { type: 'undo' }).present).tiles.map((t) => t.id)).toEqual([ID_A, ID_B]);
  });

  it('stays dirty when edits were made while a save was in flight', () => {
    const sent = run(initialDraft(dashboard, '"v1"'), moveFirst(2));
    const moreEdits = run(sent, addTile('B'));
    const saved = draftReducer(moreEdits, {
      type: 'saved',
      sentRevision: sent.revision,
      sentKeys: ['t0'],
      etag: '"v2"',
      dashboard,
    });
    expect(isDirty(saved)).toBe(true);
    expect(saved.present.tiles.map((t) => t.id)).toEqual([ID_A, undefined]);
    expect(saved.etag).toBe('"v2"');
  });

  it('takes the server version on reset, clean, undoable, with fresh keys', () => {
    const edited = run(initialDraft(dashboard, '"v1"'), moveFirst(6));
    const theirs = { ...dashboard, name: 'Theirs' };
    const reset = draftReducer(edited, { type: 'reset', dashboard: theirs, etag: '"v3"' });
    expect(reset.present.name).toBe('Theirs');
    expect(reset.present.tiles[0]!.key).not.toBe('t0');
    expect(isDirty(reset)).toBe(false);
    expect(reset.etag).toBe('"v3"');
    expect(run(reset, { type: 'undo' }).present.tiles[0]!.x).toBe(6);
  });

  it('keeps the draft and takes the newer ETag on rebase', () => {
    const edited = run(initialDraft(dashboard, '"v1"'), moveFirst(6));
    const rebased = draftReducer(edited, { type: 'rebase', etag: '"v9"' });
    expect(rebased.present).toBe(edited.present);
    expect(rebased.etag).toBe('"v9"');
    expect(isDirty(rebased)).toBe(true);
  });
});

describe('dashboard draft: fields beside the tiles', () => {
  const withFields: Dashboard = {
    ...dashboard,
    containers: [{ id: 'g' }],
    savedQuery: 'level:error',
    filters: [{ id: 'f1', type: 'QUERY_EXPRESSION', name: 'S', expression: 'ServiceName', sourceId: SOURCE }],
  };

  it('keeps every other field of the dashboard in the body it saves', () => {
    const state = initialDraft(withFields, '"v1"');
    expect(draftBody(state.present)).toEqual({ ...withFields, id: undefined, tiles: withFields.tiles } as never);
  });

  it('takes the server ids of filters added in the editor, in every version of the history', () => {
    const added = {
      type: 'edit' as const,
      change: (doc: DraftDoc) => ({
        ...doc,
        fields: {
          ...doc.fields,
          filters: [
            ...(doc.fields!.filters as object[]),
            { id: 'new-1', type: 'QUERY_EXPRESSION', name: 'E', expression: 'env', sourceId: SOURCE },
          ],
        },
      }),
    };
    let state = run(initialDraft(withFields, '"v1"'), added, moveFirst(2));
    const filters = [
      withFields.filters![0]!,
      { id: ID_C, type: 'QUERY_EXPRESSION', name: 'E', expression: 'env', sourceId: SOURCE },
    ];
    state = run(state, {
      type: 'saved',
      sentRevision: state.revision,
      sentKeys: ['t0'],
      dashboard: { ...withFields, filters },
      etag: '"v2"',
    });
    expect((state.present.fields!.filters as { id: string }[]).map((f) => f.id)).toEqual(['f1', ID_C]);
    expect((state.past.at(-1)!.fields!.filters as { id: string }[]).map((f) => f.id)).toEqual(['f1', ID_C]);
  });
});
