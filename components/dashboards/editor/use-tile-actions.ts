'use client';

import { useCallback, type Dispatch, type RefObject } from 'react';
import type { Tile } from '@/lib/schemas/observability/dashboard';
import { DASHBOARD_LIMITS } from '@/lib/schemas/observability/layout-bounds';
import { firstFreeSpace, type DraftTile } from '../layout';
import { gridMates, type ContainerView } from '../tile-groups';
import type { DraftAction } from './draft';
import type { TileAction } from './tile-card';
import type { TileAlerting, TileEditing } from './use-editor-dialogs';

interface TileActionTargets {
  dispatch: Dispatch<DraftAction>;
  tilesRef: RefObject<readonly DraftTile[]>;
  containersRef: RefObject<readonly ContainerView[]>;
  announce: (message: string) => void;
  drillToTile: (tile: Tile) => void;
  setEditing: (editing: TileEditing) => void;
  setFullscreen: (key: string) => void;
  setAlerting: (alerting: TileAlerting) => void;
}

/** What a tile's menu does: open one of its dialogs, drill into it, or delete or duplicate it in the draft. */
export function useTileActions({
  dispatch,
  tilesRef,
  containersRef,
  announce,
  drillToTile,
  setEditing,
  setFullscreen,
  setAlerting,
}: TileActionTargets) {
  return useCallback(
    (action: TileAction, key: string) => {
      const tile = tilesRef.current.find((t) => t.key === key);
      if (!tile) return;
      if (action === 'edit') setEditing({ key });
      else if (action === 'fullscreen') setFullscreen(key);
      else if (action === 'drill') drillToTile(tile);
      else if (action === 'alert') {
        if (tile.id) setAlerting({ tileId: tile.id, tileName: tile.name, tile });
      } else if (action === 'delete') {
        dispatch({ type: 'edit', change: (doc) => ({ ...doc, tiles: doc.tiles.filter((t) => t.key !== key) }) });
        announce(`Deleted ${tile.name}. Undo with Ctrl+Z.`);
      } else if (action === 'duplicate') {
        dispatch({
          type: 'edit',
          change: (doc, newKey) => {
            const { id: _id, key: _key, ...content } = tile;
            const place = firstFreeSpace(gridMates(doc.tiles, key, containersRef.current), tile.w, tile.h);
            return {
              ...doc,
              tiles: [
                ...doc.tiles,
                {
                  ...content,
                  ...place,
                  name: `${tile.name} (copy)`.slice(0, DASHBOARD_LIMITS.nameMaxLength),
                  key: newKey(),
                },
              ],
            };
          },
        });
        announce(`Duplicated ${tile.name}.`);
      }
    },
    [dispatch, tilesRef, containersRef, announce, drillToTile, setEditing, setFullscreen, setAlerting],
  );
}
