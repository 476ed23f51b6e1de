'use client';

import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import type { Dashboard, Tile } from '@/lib/schemas/observability/dashboard';
import type { DraftDoc } from './draft';
import styles from './editor.module.css';

export interface ConflictDialogProps {
  mine: DraftDoc;
  theirs: Dashboard | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

function VersionSummary({
  title,
  doc,
}: {
  title: string;
  doc: { name: string; tags: string[]; tiles: readonly Tile[] };
}) {
  return (
    <section className={styles.version} aria-label={title}>
      <h3 className={styles.versionTitle}>{title}</h3>
      <p>
        <strong>{doc.name}</strong> · {doc.tiles.length} {doc.tiles.length === 1 ? 'tile' : 'tiles'}
        {doc.tags.length > 0 && ` · ${doc.tags.join(', ')}`}
      </p>
      <ul className={styles.versionTiles}>
        {doc.tiles.map((tile, i) => (
          <li key={i}>
            {tile.name}{' '}
            <span className={styles.muted}>
              — column {tile.x + 1}, row {tile.y + 1}, {tile.w} × {tile.h}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A save was refused because someone else saved meanwhile: both versions side by side, and a choice. */
export function ConflictDialog({ mine, theirs, onKeepMine, onTakeTheirs }: ConflictDialogProps) {
  return (
    <Dialog
      open={theirs !== null}
      onOpenChange={() => undefined}
      dismissible={false}
      title="This dashboard was changed by someone else"
      description="Your changes are not saved yet. Keep yours (replacing theirs) or take theirs (your changes can still be brought back with Undo)."
      wide
    >
      {theirs && (
        <>
          <div className={styles.versions}>
            <VersionSummary title="Your version" doc={mine} />
            <VersionSummary title="Saved by someone else" doc={theirs} />
          </div>
          <DialogFooter>
            <Button onClick={onTakeTheirs}>Take theirs</Button>
            <Button variant="primary" onClick={onKeepMine}>
              Keep mine
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
