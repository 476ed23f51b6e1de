'use client';

import type { Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { DraftAction } from './draft';
import type { StoredDraft } from './draft-storage';
import styles from './editor.module.css';

/** Offers back the draft an earlier page of this tab left unsaved: restore it into the editor, or discard it. */
export function RestoreDraftNotice({
  restorable,
  settle,
  dispatch,
}: {
  restorable: StoredDraft;
  settle: () => void;
  dispatch: Dispatch<DraftAction>;
}) {
  const restore = () => {
    settle();
    // Saved against the version they were made on: a change made meanwhile ends in the conflict dialog.
    dispatch({ type: 'rebase', etag: restorable.etag });
    dispatch({
      type: 'edit',
      change: (doc, newKey) => ({
        ...restorable.doc,
        tiles: restorable.doc.tiles.map((t) => ({ ...t, key: newKey() })),
      }),
    });
  };
  return (
    <Notice
      tone="warning"
      title="Unsaved changes from earlier in this tab"
      action={
        <span className={styles.noticeActions}>
          <Button size="sm" variant="primary" onClick={restore}>
            Restore them
          </Button>
          <Button
            size="sm"
            // Settled, the stored draft follows the editor again: cleared, unless edits were made since.
            onClick={settle}
          >
            Discard
          </Button>
        </span>
      }
    >
      A previous page of this dashboard had changes that were not saved ({restorable.doc.tiles.length} tiles).
    </Notice>
  );
}
