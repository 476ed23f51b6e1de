'use client';

import { memo, useId, useMemo, type KeyboardEvent } from 'react';
import type { DashboardScope } from '@/lib/charts/dashboard-scope';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { canAlertOn, tileView } from '@/lib/charts/tile-view';
import { VIEW_FRAME_ATTRIBUTE } from '@/components/charts/use-in-view';
import { ActionMenu, type ActionMenuItem } from '@/components/ui/action-menu';
import { Badge } from '@/components/ui/badge';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import type { DraftTile } from '../layout';
import { sameTileContent, TileContent, type TileContentProps } from '../tiles/tile-content';
import { countTileRender } from './render-profile';
import styles from './editor.module.css';

export type TileAction = 'edit' | 'duplicate' | 'delete' | 'alert' | 'fullscreen' | 'drill';
export type KeyboardChange = { key: string; kind: 'move' | 'resize'; dx: number; dy: number };

export interface TileCardProps {
  tile: DraftTile;
  /** Charts on the open-source surface; the managed API has no chart data. */
  charts: boolean;
  range: ChartRange;
  scope: DashboardScope;
  sourceNames: ReadonlyMap<string, string>;
  canEdit: boolean;
  /** Whether the tile can be dragged, resized and moved with the keyboard (not on a stacked, narrow grid). */
  canMove: boolean;
  /** Whether "Alert on this tile" is offered (a saved tile on a surface with alerts). */
  canAlert: boolean;
  /** How many alerts watch this tile (0: none). */
  alertCount: number;
  /** Stable callbacks: a drag must not re-render the tiles it does not move. */
  onAction: (action: TileAction, key: string) => void;
  onKeyboard: (change: KeyboardChange) => void;
  /** A chosen group (legend line, slice, bar or row) narrows the dashboard filter to it. */
  onDrill: (field: string, value: string) => void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

type TileBodyProps = TileContentProps & { name: string };

/** What a tile shows. Its position is not part of it: a tile pushed aside by a drag does not redraw. */
const TileBody = memo(
  function TileBody(props: TileBodyProps) {
    countTileRender(props.name);
    return <TileContent {...props} />;
  },
  (a, b) => a.name === b.name && sameTileContent(a, b),
);

function TileCardImpl({
  tile,
  charts,
  range,
  scope,
  sourceNames,
  canEdit,
  canMove,
  canAlert,
  alertCount,
  onAction,
  onKeyboard,
  onDrill,
}: TileCardProps) {
  const helpId = useId();
  const view = useMemo(() => tileView(tile), [tile]);
  const editable = view.kind !== 'unsupported';
  const queries = view.kind === 'chart' || view.kind === 'heatmap' || view.kind === 'search';
  const items: ActionMenuItem[] = [
    ...(canEdit && editable ? [{ label: 'Edit…', onSelect: () => onAction('edit', tile.key) }] : []),
    ...(charts && queries ? [{ label: 'Full screen…', onSelect: () => onAction('fullscreen', tile.key) }] : []),
    ...(charts && queries
      ? [{ label: 'Filter the dashboard by this tile', onSelect: () => onAction('drill', tile.key) }]
      : []),
    ...(canEdit ? [{ label: 'Duplicate', onSelect: () => onAction('duplicate', tile.key) }] : []),
    ...(canEdit && canAlert && canAlertOn(view)
      ? [{ label: 'Alert on this tile…', onSelect: () => onAction('alert', tile.key) }]
      : []),
    ...(canEdit ? [{ label: 'Delete', danger: true, onSelect: () => onAction('delete', tile.key) }] : []),
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const arrow = ARROWS[event.key];
    if (!canMove || !arrow || event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey)
      return;
    event.preventDefault();
    onKeyboard({ key: tile.key, kind: event.shiftKey ? 'resize' : 'move', dx: arrow[0], dy: arrow[1] });
  };

  return (
    <article
      className={styles.tile}
      aria-label={tile.name}
      aria-describedby={canMove ? helpId : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-tile-key={tile.key}
      {...{ [VIEW_FRAME_ATTRIBUTE]: '' }}
    >
      <header className={styles.tileHeader}>
        {canMove && (
          <span className={styles.handle} data-drag-handle="" title="Drag to move" aria-hidden="true">
            <svg width="12" height="16" viewBox="0 0 12 16" focusable="false">
              {[3, 8, 13].map((cy) =>
                [3, 9].map((cx) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.4" fill="currentColor" />),
              )}
            </svg>
          </span>
        )}
        <h2 className={styles.tileTitle} title={tile.name}>
          {tile.name}
        </h2>
        {!editable && canEdit && <Badge tone="neutral">Not editable here</Badge>}
        {alertCount > 0 && (
          <Badge
            tone="warning"
            title={`${alertCount} ${alertCount === 1 ? 'alert watches' : 'alerts watch'} this tile`}
          >
            <VisuallyHidden>Has </VisuallyHidden>
            {alertCount} {alertCount === 1 ? 'alert' : 'alerts'}
          </Badge>
        )}
        {items.length > 0 && <ActionMenu label={`Actions for tile ${tile.name}`} items={items} />}
      </header>
      {canMove && (
        <VisuallyHidden id={helpId}>Arrow keys move the tile; Shift with arrow keys resizes it.</VisuallyHidden>
      )}
      <div className={styles.tileBody}>
        <TileBody
          name={tile.name}
          tile={tile}
          charts={charts}
          range={range}
          scope={scope}
          sourceNames={sourceNames}
          onDrill={queries ? onDrill : undefined}
        />
      </div>
    </article>
  );
}

/** Equal props (the same tile object, range and callbacks) skip rendering, so a drag re-renders only the tiles it moved. */
export const TileCard = memo(TileCardImpl);

/** What every tile of a dashboard's groups shares, whether on the grid or in a phone's column. */
export interface TileCardShared extends Omit<TileCardProps, 'tile' | 'canMove' | 'alertCount'> {
  /** Alerts per server tile id, to mark watched tiles. */
  tileAlerts: ReadonlyMap<string, readonly unknown[]>;
}

/** A tile of a group: "Alert on this tile" and its count of alerts only once the tile is saved (has an id). */
export function GroupTileCard({
  tile,
  canMove,
  shared: { tileAlerts, canAlert, ...shared },
}: {
  tile: DraftTile;
  canMove: boolean;
  shared: TileCardShared;
}) {
  const alerts = tile.id === undefined ? undefined : tileAlerts.get(tile.id);
  return (
    <TileCard
      {...shared}
      tile={tile}
      canMove={canMove}
      canAlert={canAlert && tile.id !== undefined}
      alertCount={alerts?.length ?? 0}
    />
  );
}
