'use client';

import { TileContent } from '@/components/dashboards/tiles/tile-content';
import { useTimeRange } from '@/components/charts/time-range/use-time-range';
import type { StoredTile } from '@/lib/charts/tile-view';
import styles from './history.module.css';

interface Placed {
  id?: string;
  x?: number;
  y?: number;
  w?: number;
}

const NO_SOURCES: ReadonlyMap<string, string> = new Map();

/** A stored dashboard's tiles, read-only, charted over the page's current time range (today's data). */
export function DashboardPreview({
  dashboard,
  charts,
  sourceNames = NO_SOURCES,
}: {
  dashboard: Record<string, unknown>;
  charts: boolean;
  sourceNames?: ReadonlyMap<string, string>;
}) {
  const { range } = useTimeRange();
  const tiles = (Array.isArray(dashboard.tiles) ? dashboard.tiles : []) as (StoredTile & Placed)[];
  const ordered = [...tiles].sort((a, b) => (a.y ?? 0) - (b.y ?? 0) || (a.x ?? 0) - (b.x ?? 0));
  if (ordered.length === 0) return <p>This version has no tiles.</p>;
  return (
    <div className={styles.previewGrid} aria-label={`Tiles of “${String(dashboard.name ?? '')}”`}>
      {ordered.map((tile, index) => (
        <article
          key={tile.id ?? index}
          className={styles.previewTile}
          style={{ gridColumn: `span ${Math.min(12, Math.max(1, tile.w ?? 6))}` }}
        >
          <h5 className={styles.previewTileName}>{tile.name || 'Untitled tile'}</h5>
          <TileContent tile={tile} charts={charts} range={range} sourceNames={sourceNames} />
        </article>
      ))}
    </div>
  );
}
