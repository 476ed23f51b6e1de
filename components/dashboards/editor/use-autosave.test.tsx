// @vitest-environment happy-dom
import { act, useEffect, useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/testing/render';
import { ApiRequestError } from '@/lib/api/client';
import type { VersionedDashboard } from '@/lib/api/dashboards/requests';
import type { Dashboard, DashboardBody } from '@/lib/schemas/observability/dashboard';
import { draftReducer, initialDraft, type DraftAction, type DraftState } from './draft';
import { SAVE_DEBOUNCE_MS, useAutosave, type Autosave } from './use-autosave';

const SOURCE = '67fde92fda19d1c3635e9934';
const series = [{ type: 'time' as const, sourceId: SOURCE, aggFn: 'count' as const, where: '', groupBy: [] }];
const stored: Dashboard = {
  id: 'dddddddddddddddddddddddd',
  name: 'Health',
  tags: [],
  tiles: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'A', x: 0, y: 0, w: 6, h: 4, series }],
};

type Save = (body: DashboardBody, etag: string) => Promise<VersionedDashboard>;
const harness: { state?: DraftState; dispatch?: (a: DraftAction) => void; autosave?: Autosave } = {};

function Harness({ save }: { save: Save }) {
  const [state, dispatch] = useReducer(draftReducer, undefined, () => initialDraft(stored, '"v1"'));
  const autosave = useAutosave(state, dispatch, save, true);
  // Exposed to the test after each render.
  useEffect(() => {
    Object.assign(harness, { state, dispatch, autosave });
  });
  return null;
}

const act_ = (fn: () => void) => act(async () => fn());
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const moveTo = (x: number) =>
  act_(() =>
    harness.dispatch!({
      type: 'edit',
      change: (doc) => ({ ...doc, tiles: doc.tiles.map((t, i) => (i === 0 ? { ...t, x } : t)) }),
    }),
  );
const addTile = () =>
  act_(() =>
    harness.dispatch!({
      type: 'edit',
      change: (doc, key) => ({
        ...doc,
        tiles: [...doc.tiles, { key: key(), name: 'B', x: 6, y: 0, w: 6, h: 4, series }],
      }),
    }),
  );
/** The upstream's answer: tiles without an id get one. */
const answer = (body: DashboardBody, etag: string): VersionedDashboard => ({
  dashboard: {
    ...stored,
    ...body,
    tiles: body.tiles.map((t, i) => ({ ...t, id: t.id ?? `bbbbbbbbbbbbbbbbbbbbbbb${i}` })),
  } as Dashboard,
  etag,
});

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('debounces edits into one conditional save of the latest draft', async () => {
    const save = vi.fn<Save>(async (body) => answer(body, '"v2"'));
    const view = await render(<Harness save={save} />);
    await moveTo(1);
    await advance(SAVE_DEBOUNCE_MS / 2);
    await moveTo(2);
    expect(harness.autosave!.status).toBe('saving');
    await advance(SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0].tiles[0]!.x).toBe(2);
    expect(save.mock.calls[0]![1]).toBe('"v1"');
    expect(harness.autosave!.status).toBe('saved');
    expect(harness.state!.etag).toBe('"v2"');
    await view.unmount();
  });

  it('saves one request at a time, so a new tile keeps the id its first save gave it', async () => {
    let release: (() => void) | undefined;
    const save = vi.fn<Save>(
      (body, etag) => new Promise((resolve) => (release = () => resolve(answer(body, `${etag}+`)))),
    );
    const view = await render(<Harness save={save} />);
    await addTile();
    await advance(SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    await moveTo(3);
    await advance(SAVE_DEBOUNCE_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);
    await act_(() => release!());
    await advance(SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![0].tiles.map((t) => t.id)).toEqual([
      'aaaaaaaaaaaaaaaaaaaaaaaa',
      'bbbbbbbbbbbbbbbbbbbbbbb1',
    ]);
    expect(save.mock.calls[1]![1]).toBe('"v1"+');
    await act_(() => release!());
    expect(harness.autosave!.status).toBe('saved');
    await view.unmount();
  });

  it('stops after a failure, keeps the draft, and saves again on Retry', async () => {
    const save = vi
      .fn<Save>()
      .mockRejectedValueOnce(new ApiRequestError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }));
    save.mockImplementation(async (body) => answer(body, '"v2"'));
    const view = await render(<Harness save={save} />);
    await moveTo(4);
    await advance(SAVE_DEBOUNCE_MS);
    expect(harness.autosave!.status).toBe('error');
    await advance(SAVE_DEBOUNCE_MS * 5);
    expect(save).toHaveBeenCalledTimes(1);
    expect(harness.state!.present.tiles[0]!.x).toBe(4);
    await act_(() => harness.autosave!.retry());
    await advance(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(harness.autosave!.status).toBe('saved');
    await view.unmount();
  });

  it('on 412 waits for a choice: keep mine saves against the newer version, take theirs loads it', async () => {
    const theirs = { ...stored, name: 'Theirs' };
    const conflict = new ApiRequestError({
      status: 412,
      code: 'PRECONDITION_FAILED',
      message: 'changed',
      body: { current: theirs, etag: '"v9"' },
    });
    const save = vi.fn<Save>().mockRejectedValueOnce(conflict).mockRejectedValueOnce(conflict);
    save.mockImplementation(async (body, etag) => answer(body, `${etag}+`));
    const view = await render(<Harness save={save} />);
    await moveTo(5);
    await advance(SAVE_DEBOUNCE_MS);
    expect(harness.autosave!.status).toBe('conflict');
    expect(harness.autosave!.conflict).toEqual({ dashboard: theirs, etag: '"v9"' });
    await advance(SAVE_DEBOUNCE_MS * 5);
    expect(save).toHaveBeenCalledTimes(1);

    await act_(() => harness.autosave!.keepMine());
    await advance(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![1]).toBe('"v9"');
    expect(harness.autosave!.status).toBe('conflict');

    await act_(() => harness.autosave!.takeTheirs());
    expect(harness.state!.present.name).toBe('Theirs');
    expect(harness.state!.etag).toBe('"v9"');
    expect(harness.autosave!.status).toBe('saved');
    await advance(SAVE_DEBOUNCE_MS * 2);
    expect(save).toHaveBeenCalledTimes(2);
    await view.unmount();
  });
});
