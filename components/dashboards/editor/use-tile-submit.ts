'use client';

import { useRef, type Dispatch } from 'react';
import type { Tile } from '@/lib/schemas/observability/dashboard';
import { DEFAULT_TILE_SIZE, firstFreeSpace, type DraftTile } from '../layout';
import { tilesOfGroup, type ContainerView, type TileGroup } from '../tile-groups';
import type { DraftAction } from './draft';
import type { TileEditing } from './use-editor-dialogs';

/** The group's fields a new tile carries (none outside any container). */
const definedGroup = (group: TileGroup) => ({
  ...(group.containerId ? { containerId: group.containerId } : {}),
  ...(group.tabId ? { tabId: group.tabId } : {}),
});

/**
 * What the tile editor's submit writes into the draft: the edited tile replaced, or a new tile at
 * the first free place of its section. `focusAddedTile` finds the new tile as the dialog closes.
 */
export function useTileSubmit({
  dispatch,
  tiles,
  containers,
  editing,
  closeEditor,
  announce,
}: {
  dispatch: Dispatch<DraftAction>;
  tiles: readonly DraftTile[];
  containers: readonly ContainerView[];
  editing: TileEditing | null;
  closeEditor: () => void;
  announce: (message: string) => void;
}) {
  // A tile just added lands at the first free place, often below the fold: focus goes to it as the
  // dialog closes, which brings it into view (and so draws it).
  const tilesBeforeAdding = useRef<ReadonlySet<string> | null>(null);
  const focusAddedTile = () => {
    const before = tilesBeforeAdding.current;
    tilesBeforeAdding.current = null;
    if (!before) return null;
    return (
      [...document.querySelectorAll<HTMLElement>('[data-tile-key]')].find(
        (element) => !before.has(element.dataset.tileKey ?? ''),
      ) ?? null
    );
  };

  const submitTile = (content: Partial<Tile> & Pick<Tile, 'name'>) => {
    const key = editing?.key ?? null;
    const group = editing?.group ?? {};
    if (!key) tilesBeforeAdding.current = new Set(tiles.map((t) => t.key));
    dispatch({
      type: 'edit',
      change: (doc, newKey) => {
        // The editor returns the whole tile (its other fields carried over), so it replaces the old one.
        if (key)
          return { ...doc, tiles: doc.tiles.map((t) => (t.key === key ? ({ ...content, key } as DraftTile) : t)) };
        const place = firstFreeSpace(
          tilesOfGroup(doc.tiles, group, containers),
          DEFAULT_TILE_SIZE.w,
          DEFAULT_TILE_SIZE.h,
        );
        return {
          ...doc,
          tiles: [
            ...doc.tiles,
            { ...content, ...definedGroup(group), ...place, ...DEFAULT_TILE_SIZE, key: newKey() } as DraftTile,
          ],
        };
      },
    });
    const section = containers.find((c) => c.id === group.containerId);
    announce(
      key
        ? `Updated ${content.name}.`
        : section
          ? `Added ${content.name} to ${section.title}.`
          : `Added ${content.name}.`,
    );
    closeEditor();
  };
  return { submitTile, focusAddedTile };
}
