// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, click, render } from '@/components/testing/render';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import { initialDraft } from './draft';
import { readStoredDraft, writeStoredDraft } from './draft-storage';
import { useStoredDraft } from './use-stored-draft';

const ID = 'dddddddddddddddddddddddd';
const dashboard: Dashboard = { id: ID, name: 'Health', tags: [], tiles: [] };
const state = initialDraft(dashboard, '"v2"');

function Editor() {
  const stored = useStoredDraft('oss', ID, state, dashboard);
  return (
    <>
      <p>{stored.restorable ? `offered: ${stored.restorable.doc.name}` : 'none'}</p>
      <button type="button" onClick={stored.settle}>
        Discard
      </button>
    </>
  );
}

describe('useStoredDraft', () => {
  afterEach(() => sessionStorage.clear());

  it('offers a draft an earlier page left and keeps it stored until settled; settled with nothing unsaved, it is cleared', async () => {
    writeStoredDraft('oss', ID, {
      doc: { ...initialDraft(dashboard, '"v1"').present, name: 'Health (edited)' },
      etag: '"v1"',
      savedAt: 1,
    });
    const { container, unmount } = await render(<Editor />);
    const text = () => container.querySelector('p')?.textContent;
    expect(text()).toBe('offered: Health (edited)');
    expect(readStoredDraft('oss', ID)?.doc.name).toBe('Health (edited)');

    await click(buttonNamed('Discard', container));
    expect(text()).toBe('none');
    expect(readStoredDraft('oss', ID)).toBeNull();
    await unmount();
  });
});
