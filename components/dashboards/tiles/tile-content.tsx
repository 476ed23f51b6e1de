'use client';

/**
 * What a tile shows, whichever form and display type it has: a chart, a heatmap, a list of the
 * latest events, a note, or a labelled placeholder for what this console cannot draw. Each kind
 * loads its own code when a tile of that kind is first shown, so the dashboard page carries only
 * what its tiles need.
 */
import dynamic from 'next/dynamic';
import { memo, useMemo } from 'react';
import { TileChart } from '@/components/charts/tile-chart';
import { EMPTY_SCOPE, type DashboardScope } from '@/lib/charts/dashboard-scope';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { tileView, type StoredTile } from '@/lib/charts/tile-view';
import { TileSummary } from './tile-summary';
import { UnsupportedTile } from './unsupported-tile';
import styles from './tiles.module.css';

const loading = () => <div className={styles.skeleton} aria-hidden="true" />;
const HeatmapTile = dynamic(() => import('@/components/charts/heatmap-tile').then((m) => m.HeatmapTile), { ssr: false, loading });
const SearchList = dynamic(() => import('./search-list').then((m) => m.SearchList), { ssr: false, loading });
const MarkdownNote = dynamic(() => import('./markdown-note').then((m) => m.MarkdownNote), { ssr: false, loading });

export interface TileContentProps {
  tile: StoredTile;
  /** Chart data exists (open-source surface); the managed API has none, so tiles show their configuration. */
  charts: boolean;
  range: ChartRange;
  scope?: DashboardScope;
  sourceNames: ReadonlyMap<string, string>;
  onDrill?: (field: string, value: string) => void;
}

function TileContentImpl({ tile, charts, range, scope = EMPTY_SCOPE, sourceNames, onDrill }: TileContentProps) {
  const view = useMemo(() => tileView(tile), [tile]);
  switch (view.kind) {
    case 'markdown':
      return <MarkdownNote content={view.content} />;
    case 'unsupported':
      return <UnsupportedTile what={view.what} reason={view.reason} />;
    default:
      if (!charts) {
        return (
          <>
            <TileSummary view={view} sourceNames={sourceNames} />
            <p className={styles.muted}>Chart data is not available through the managed API.</p>
          </>
        );
      }
      if (view.kind === 'chart') return <TileChart view={view} range={range} scope={scope} onDrill={onDrill} />;
      if (view.kind === 'heatmap') return <HeatmapTile view={view} range={range} scope={scope} />;
      return <SearchList view={view} range={range} scope={scope} />;
  }
}

/** What a tile draws is its series or config: a tile moved by a drag keeps its content and does not redraw. */
export const sameTileContent = (a: TileContentProps, b: TileContentProps) =>
  a.charts === b.charts &&
  a.range === b.range &&
  a.scope === b.scope &&
  a.sourceNames === b.sourceNames &&
  a.onDrill === b.onDrill &&
  a.tile.asRatio === b.tile.asRatio &&
  a.tile.series === b.tile.series &&
  a.tile.config === b.tile.config;

export const TileContent = memo(TileContentImpl, sameTileContent);
