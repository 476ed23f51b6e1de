'use client';

/**
 * What a tile shows, whichever form and display type it has: a chart, a heatmap, a list of the
 * latest events, a note, or a labelled placeholder for what this console cannot draw. The drawing
 * code of each kind (recharts, the Markdown renderer) loads when a tile of that kind is first
 * shown, so the dashboard page carries only what its tiles need; the parts that fetch are in the
 * page, so a tile's query starts as soon as the tile is on screen.
 */
import { memo, useMemo, useRef } from 'react';
import { HeatmapTile, preloadHeatmapCode } from '@/components/charts/heatmap-tile';
import { CHART_DISPLAYS, preloadDisplayCode, TileChart } from '@/components/charts/tile-chart';
import { useInView } from '@/components/charts/use-in-view';
import { loadedLater } from '@/components/ui/loaded-later';
import { EMPTY_SCOPE, type DashboardScope } from '@/lib/charts/dashboard-scope';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { tileView, type StoredTile, type TileView } from '@/lib/charts/tile-view';
import { preloadSearchListCode, SearchList } from './search-list';
import { TileSummary } from './tile-summary';
import { UnsupportedTile } from './unsupported-tile';
import styles from './tiles.module.css';

const noteSkeleton = <div className={styles.skeleton} aria-hidden="true" />;
const MarkdownNote = loadedLater(() => import('./markdown-note').then((m) => m.MarkdownNote), noteSkeleton);

/** A note's renderer (marked and DOMPurify) loads when a note is first on screen, as a chart's data does. */
function NoteTile({ content }: { content: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const { seen } = useInView(frame);
  return (
    <div ref={frame} className={styles.noteFrame}>
      {seen ? <MarkdownNote content={content} /> : noteSkeleton}
    </div>
  );
}

/** Starts loading the code a tile draws with before it is seen: what the page's first screen shows is on its way early. */
export function preloadTileCode(view: TileView): void {
  if (view.kind === 'chart') preloadDisplayCode(view.display);
  else if (view.kind === 'heatmap') preloadHeatmapCode();
  else if (view.kind === 'search') preloadSearchListCode();
  else if (view.kind === 'markdown') void MarkdownNote.preload().catch(() => {});
}

/** The chart kinds' drawing code (recharts and the tables), for a page about to draw charts of any kind. */
export function preloadChartCode(): void {
  for (const display of CHART_DISPLAYS) preloadDisplayCode(display);
  preloadHeatmapCode();
  preloadSearchListCode();
}

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
      return <NoteTile content={view.content} />;
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
