'use client';

import { Skeleton } from '@/components/ui/skeleton';
import { loadedLater } from '@/components/ui/loaded-later';

/**
 * react-grid-layout's grid, with its code in a chunk of its own: a wide frame loads it (drag and
 * resize), a narrow one never does (./tile-stack).
 */
export const TileGridLater = loadedLater(
  () => import('./tile-grid').then((m) => m.TileGrid),
  <Skeleton height={240} />,
);
