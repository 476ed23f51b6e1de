'use client';

import { useState } from 'react';
import { useOnceTrue } from '@/components/ui/use-once-true';
import type { Tile } from '@/lib/schemas/observability/dashboard';
import type { TileGroup } from '../tile-groups';

/** The tile being edited; a new tile (key null) goes to `group`: the section and tab the user was in. */
export interface TileEditing {
  key: string | null;
  group?: TileGroup;
}

export interface TileAlerting {
  tileId: string;
  tileName: string;
  tile: Tile;
}

/**
 * Which of the editor's dialogs is open, and which have been opened once: each dialog's code
 * loads when it is first opened, not with the tiles, and stays mounted afterwards.
 */
export function useEditorDialogs() {
  const [editing, setEditing] = useState<TileEditing | null>(null);
  const [alerting, setAlerting] = useState<TileAlerting | null>(null);
  const [fullscreen, setFullscreen] = useState<string | null>(null);
  const [managingFilters, setManagingFilters] = useState(false);
  const mounted = {
    fullscreen: useOnceTrue(fullscreen !== null),
    tileEditor: useOnceTrue(editing !== null),
    filters: useOnceTrue(managingFilters),
    alertForm: useOnceTrue(alerting !== null),
  };
  return {
    editing,
    setEditing,
    alerting,
    setAlerting,
    fullscreen,
    setFullscreen,
    managingFilters,
    setManagingFilters,
    mounted,
  };
}
