'use client';

import { useCallback, type Dispatch, type RefObject } from 'react';
import { moveTileBy, resizeTileBy, type DraftTile } from '../layout';
import { gridMates, mergeTiles, type ContainerView } from '../tile-groups';
import type { DraftAction } from './draft';
import type { KeyboardChange } from './tile-card';

/** Tiles moved or resized, with the mouse (`onTilesMoved`) or the keyboard (`onKeyboard`), into the draft. */
export function useTileLayoutEdits(
  dispatch: Dispatch<DraftAction>,
  tilesRef: RefObject<readonly DraftTile[]>,
  containersRef: RefObject<readonly ContainerView[]>,
  announce: (message: string) => void,
) {
  // A grid reports its own group's tiles: they are written into the draft by key, the others untouched.
  const onTilesMoved = useCallback(
    (moved: readonly DraftTile[]) => {
      dispatch({
        type: 'edit',
        change: (doc) => {
          const next = mergeTiles(doc.tiles, moved);
          return next === doc.tiles ? doc : { ...doc, tiles: next };
        },
      });
    },
    [dispatch],
  );

  const onKeyboard = useCallback(
    (change: KeyboardChange) => {
      const current = tilesRef.current;
      // Confined to the tile's own grid (its section and tab): tiles elsewhere keep their places.
      const mates = gridMates(current, change.key, containersRef.current);
      const movedMates =
        change.kind === 'move'
          ? moveTileBy(mates, change.key, change.dx, change.dy)
          : resizeTileBy(mates, change.key, change.dx, change.dy);
      const next = movedMates === mates ? current : mergeTiles(current, movedMates);
      const tile = next.find((t) => t.key === change.key);
      if (next === current || !tile) {
        announce(
          `${tile?.name ?? 'The tile'} cannot ${change.kind === 'move' ? 'move' : 'grow or shrink'} further that way.`,
        );
        return;
      }
      dispatch({ type: 'edit', change: (doc) => ({ ...doc, tiles: next }) });
      announce(
        change.kind === 'move'
          ? `Moved ${tile.name} to column ${tile.x + 1}, row ${tile.y + 1}.`
          : `Resized ${tile.name} to ${tile.w} columns by ${tile.h} rows.`,
      );
    },
    [dispatch, tilesRef, containersRef, announce],
  );
  return { onTilesMoved, onKeyboard };
}
