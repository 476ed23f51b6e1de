// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@/components/testing/render';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import { initialDraft } from './draft';
import { readStoredDraft, writeStoredDraft } from './draft-storage';
import { useStoredDraft } from './use-stored-draft';

const ID = 'dddddddddddddddddddddddd';
const dashboard: Dashboard = { id: ID, name: 'Health', tags: [], tiles: [] };
const state = initialDraft(dashboard, '"v2"');

let settle: () => void = () => {};
function Editor() {
  const stored = useStoredDraft('oss', ID, state, dashboard);
  settle = stored.settle;
  return <p>{stored.restorable ? `offered: ${stored.restorable.doc.name}` : 'none'}</p>;
}

describe('useStoredDraft', () => {
  afterEach(() => sessionStorage.clear());

  it('offers a draft an earlier page left and keeps it stored until settled; settled with nothing unsaved, it is cleared', async () => {
    writeStoredDraft('oss', ID, { doc: { ...initialDraft(dashboard, '"v1"').present, name: 'Health (edited)' }, etag: '"v1"', savedAt: 1 });
    const { container, unmount } = await render(<Editor />);
    expect(container.textContent).toBe('offered: Health (edited)');
    expect(readStoredDraft('oss', ID)?.doc.name).toBe('Health (edited)');

    await act(async () => settle());
    expect(container.textContent).toBe('none');
    expect(readStoredDraft('oss', ID)).toBeNull();
    await unmount();
  });
});
