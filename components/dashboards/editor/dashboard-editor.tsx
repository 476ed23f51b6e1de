'use client';

import { useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { TimeRangeBar } from '@/components/charts/time-range/time-range-bar';
import { useTimeRange } from '@/components/charts/time-range/use-time-range';
import { narrowQuery } from '@/lib/charts/dashboard-scope';
import { tileView } from '@/lib/charts/tile-view';
import { FilterBar } from '../filters/filter-bar';
import { defaultsOf } from '../filters/scope-url';
import { useDashboardScope } from '../filters/use-dashboard-scope';
import { useTileScope } from '../filters/use-tile-scope';
import { useCan } from '@/lib/console/console-context';
import { BackLink } from '@/components/ui/back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { DashboardHistory } from '@/components/history/dashboard-history';
import { Skeleton } from '@/components/ui/skeleton';
import { useOnceTrue } from '@/components/ui/use-once-true';
import { useTileAlerts } from '@/lib/api/alerts/use-tile-alerts';
import { dashboardKeys } from '@/lib/api/dashboards/keys';
import { replaceDashboard, type VersionedDashboard } from '@/lib/api/dashboards/requests';
import { useDashboardQuery } from '@/lib/api/dashboards/use-dashboard-query';
import { useSourcesQuery } from '@/lib/api/dashboards/use-sources-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import { pagePath, surfaceCapabilities, type Surface } from '@/lib/observability/surface';
import type { Dashboard, DashboardBody, DashboardFilter, Tile } from '@/lib/schemas/observability/dashboard';
import { DASHBOARD_LIMITS } from '@/lib/schemas/observability/layout-bounds';
import { DEFAULT_TILE_SIZE, firstFreeSpace, moveTileBy, resizeTileBy, type DraftTile } from '../layout';
import { gridMates, mergeTiles, readContainers, tilesOfGroup, type TileGroup } from '../tile-groups';
import { DashboardControls, controlsSummary } from './dashboard-controls';
import { DashboardGrid } from './dashboard-grid';
import { DashboardMenu, MenuResultNotice, type MenuResult } from './dashboard-menu';
import { SaveStatus } from './save-status';
import { draftBody, draftReducer, initialDraft, isDirty } from './draft';
import type { KeyboardChange, TileAction } from './tile-card';
import { useAutosave } from './use-autosave';
import { useStoredDraft } from './use-stored-draft';
import styles from './editor.module.css';

const TileEditorDialog = dynamic(() => import('./tile-editor-dialog').then((m) => m.TileEditorDialog), { ssr: false });
const TileFullscreenDialog = dynamic(() => import('./tile-fullscreen-dialog').then((m) => m.TileFullscreenDialog), {
  ssr: false,
});
const ManageFiltersDialog = dynamic(
  () => import('../filters/manage-filters-dialog').then((m) => m.ManageFiltersDialog),
  { ssr: false },
);
const ConflictDialog = dynamic(() => import('./conflict-dialog').then((m) => m.ConflictDialog), { ssr: false });
const AlertFormDialog = dynamic(() => import('@/components/alerts/alert-form-dialog').then((m) => m.AlertFormDialog), {
  ssr: false,
});

const EDITOR_ONLY = 'Only editors and admins can change dashboards.';
const NO_SOURCE_NAMES: ReadonlyMap<string, string> = new Map();

/** The group's fields a new tile carries (none outside any container). */
const definedGroup = (group: TileGroup) => ({
  ...(group.containerId ? { containerId: group.containerId } : {}),
  ...(group.tabId ? { tabId: group.tabId } : {}),
});

export function DashboardEditor({ surface, id }: { surface: Surface; id: string }) {
  const target = useSurfaceTarget(surface);
  const dashboard = useDashboardQuery(target, id);
  if (dashboard.isPending) {
    return (
      <div className={styles.loading} role="status" aria-label="Loading dashboard">
        <Skeleton height={32} width="40%" />
        <Skeleton height={240} />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <>
        <BackLink href={pagePath(surface, 'dashboards', target.serviceId)}>All dashboards</BackLink>
        <ErrorState
          title="Could not load the dashboard"
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      </>
    );
  }
  // Keyed by id: another dashboard starts from a fresh draft.
  return <LoadedEditor key={id} surface={surface} id={id} loaded={dashboard.data} />;
}

function LoadedEditor({ surface, id, loaded }: { surface: Surface; id: string; loaded: VersionedDashboard }) {
  const canEdit = useCan('manageDashboards');
  const canAlert = useCan('manageAlerts');
  const tileAlerts = useTileAlerts(surface, id);
  const { charts } = surfaceCapabilities(surface);
  const target = useSurfaceTarget(surface);
  const { range } = useTimeRange();
  const sources = useSourcesQuery(target);
  const sourceList = useMemo(() => sources.data ?? [], [sources.data]);
  const sourceNames = useMemo(() => new Map(sourceList.map((s) => [s.id, s.name])), [sourceList]);

  const [state, dispatch] = useReducer(draftReducer, loaded, (v) => initialDraft(v.dashboard, v.etag));
  const scope = useDashboardScope(state.present.fields ?? {});
  const tileScope = useTileScope(scope.scope, sourceList);
  const { setScope } = scope;
  const scopeQuery = scope.query;
  const scopeValues = scope.values;
  const onDrill = useCallback(
    (field: string, value: string) => setScope({ query: narrowQuery(scopeQuery, field, value), values: scopeValues }),
    [setScope, scopeQuery, scopeValues],
  );
  const queryClient = useQueryClient();
  const save = useCallback(
    async (body: DashboardBody, etag: string) => {
      const saved = await replaceDashboard(target, id, body, etag);
      // The list shows tile counts and names; it refetches when next shown.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) });
      return saved;
    },
    [target, id, queryClient],
  );
  const autosave = useAutosave(state, dispatch, save, canEdit);
  const [announcement, setAnnouncement] = useState('');
  // A new tile (key null) goes to `group`: the section and tab the user was in.
  const [editing, setEditing] = useState<{ key: string | null; group?: TileGroup } | null>(null);
  const [alerting, setAlerting] = useState<{ tileId: string; tileName: string; tile: Tile } | null>(null);
  const [fullscreen, setFullscreen] = useState<string | null>(null);
  const [managingFilters, setManagingFilters] = useState(false);
  const [menuResult, setMenuResult] = useState<MenuResult | null>(null);
  // A draft left by an earlier page of this tab (a reload during a failing save) is offered back.
  const { restorable, settle: settleDraft } = useStoredDraft(surface, id, state, loaded.dashboard);

  const tiles = state.present.tiles;
  const tilesRef = useRef(tiles);
  const storedContainers = state.present.fields?.containers;
  const containers = useMemo(() => readContainers(storedContainers), [storedContainers]);
  const containersRef = useRef(containers);
  useEffect(() => {
    tilesRef.current = tiles;
    containersRef.current = containers;
  }, [tiles, containers]);
  // The section (and tab) the user last worked in; "Add tile" puts the new tile there.
  const currentGroup = useRef<TileGroup>({});
  const onGroupFocus = useCallback((group: TileGroup) => {
    currentGroup.current = group;
  }, []);
  const onAddTileIn = useCallback((group: TileGroup) => setEditing({ key: null, group }), []);

  const dirty = isDirty(state);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  useEffect(() => {
    if (!canEdit) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      // Text fields keep their own undo; dialogs are not the grid.
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]'))
        return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canEdit, undo, redo]);

  // The tile's own filter becomes the dashboard's: every tile then shows what this one shows.
  const drillRef = useRef<(tile: Tile) => void>(() => {});
  useEffect(() => {
    drillRef.current = (tile: Tile) => {
      const view = tileView(tile);
      const where = (
        view.kind === 'chart'
          ? (view.items[0]?.where ?? '')
          : view.kind === 'heatmap' || view.kind === 'search'
            ? view.where
            : ''
      ).trim();
      const current = scope.query.trim();
      const query = !where || current.includes(where) ? current : current ? `(${current}) AND (${where})` : where;
      setScope({ query, values: scope.values });
      setAnnouncement(where ? `Every tile now shows ${where}.` : `${tile.name} has no filter of its own.`);
    };
  });
  const drillToTile = useCallback((tile: Tile) => drillRef.current(tile), []);

  // A grid reports its own group's tiles: they are written into the draft by key, the others untouched.
  const onTilesMoved = useCallback((moved: readonly DraftTile[]) => {
    dispatch({
      type: 'edit',
      change: (doc) => {
        const next = mergeTiles(doc.tiles, moved);
        return next === doc.tiles ? doc : { ...doc, tiles: next };
      },
    });
  }, []);

  const onKeyboard = useCallback((change: KeyboardChange) => {
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
      setAnnouncement(
        `${tile?.name ?? 'The tile'} cannot ${change.kind === 'move' ? 'move' : 'grow or shrink'} further that way.`,
      );
      return;
    }
    dispatch({ type: 'edit', change: (doc) => ({ ...doc, tiles: next }) });
    setAnnouncement(
      change.kind === 'move'
        ? `Moved ${tile.name} to column ${tile.x + 1}, row ${tile.y + 1}.`
        : `Resized ${tile.name} to ${tile.w} columns by ${tile.h} rows.`,
    );
  }, []);

  const onAction = useCallback(
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
        setAnnouncement(`Deleted ${tile.name}. Undo with Ctrl+Z.`);
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
        setAnnouncement(`Duplicated ${tile.name}.`);
      }
    },
    [drillToTile],
  );

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

  const editingTile = editing?.key ? (tiles.find((t) => t.key === editing.key) ?? null) : null;
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
    setAnnouncement(
      key
        ? `Updated ${content.name}.`
        : section
          ? `Added ${content.name} to ${section.title}.`
          : `Added ${content.name}.`,
    );
    setEditing(null);
  };

  const filters = (state.present.fields?.filters ?? []) as DashboardFilter[];
  const saveDefault = () => {
    dispatch({ type: 'edit', change: (doc) => ({ ...doc, fields: { ...doc.fields, ...defaultsOf(filters, scope) } }) });
    setAnnouncement('Saved this filter as the dashboard’s default.');
  };
  const changeFilters = (next: DashboardFilter[], message: string) => {
    dispatch({ type: 'edit', change: (doc) => ({ ...doc, fields: { ...doc.fields, filters: next } }) });
    setAnnouncement(message);
  };
  const currentDashboard = () => ({ ...draftBody(state.present), id }) as Dashboard;
  const fullscreenTile = fullscreen ? (tiles.find((t) => t.key === fullscreen) ?? null) : null;

  const full = tiles.length >= DASHBOARD_LIMITS.tilesMax;
  // Each dialog's code loads when it is first opened, not with the tiles.
  const fullscreenMounted = useOnceTrue(fullscreen !== null);
  const tileEditorMounted = useOnceTrue(editing !== null);
  const filtersMounted = useOnceTrue(managingFilters);
  const alertFormMounted = useOnceTrue(alerting !== null);
  const conflictMounted = useOnceTrue(autosave.conflict != null);
  return (
    <>
      <BackLink href={pagePath(surface, 'dashboards', target.serviceId)}>All dashboards</BackLink>
      <PageHeader
        title={state.present.name}
        description={
          state.present.tags.length > 0 && (
            <span className={styles.tags}>
              {state.present.tags.map((tag) => (
                <Badge key={tag} tone="accent">
                  {tag}
                </Badge>
              ))}
            </span>
          )
        }
        actions={
          <>
            {canEdit && <SaveStatus autosave={autosave} />}
            <Button
              size="sm"
              onClick={undo}
              disabled={!canEdit || state.past.length === 0}
              aria-keyshortcuts="Control+Z"
            >
              Undo
            </Button>
            <Button
              size="sm"
              onClick={redo}
              disabled={!canEdit || state.future.length === 0}
              aria-keyshortcuts="Control+Shift+Z"
            >
              Redo
            </Button>
            <DashboardHistory surface={surface} id={id} name={state.present.name} />
            <DashboardMenu
              surface={surface}
              target={target}
              current={currentDashboard}
              canEdit={canEdit}
              onResult={setMenuResult}
            />
            <GuardedButton
              allowed={canEdit && !full}
              reason={full ? `A dashboard has at most ${DASHBOARD_LIMITS.tilesMax} tiles.` : EDITOR_ONLY}
              variant="primary"
              size="sm"
              onClick={() => setEditing({ key: null, group: currentGroup.current })}
            >
              Add tile
            </GuardedButton>
          </>
        }
      />
      {charts && (
        <DashboardControls summary={controlsSummary(scope.query, scope.values)}>
          <div className={styles.rangeBar}>
            <TimeRangeBar />
          </div>
          <FilterBar
            filters={filters}
            scope={scope}
            range={range}
            charts={charts}
            canEdit={canEdit}
            onSaveDefault={saveDefault}
            onManage={() => setManagingFilters(true)}
          />
        </DashboardControls>
      )}
      {menuResult && <MenuResultNotice result={menuResult} onDismiss={() => setMenuResult(null)} />}
      {restorable && (
        <Notice
          tone="warning"
          title="Unsaved changes from earlier in this tab"
          action={
            <span className={styles.noticeActions}>
              <Button
                size="sm"
                variant="primary"
                onClick={() => {
                  const stored = restorable;
                  settleDraft();
                  // Saved against the version they were made on: a change made meanwhile ends in the conflict dialog.
                  dispatch({ type: 'rebase', etag: stored.etag });
                  dispatch({
                    type: 'edit',
                    change: (doc, newKey) => ({
                      ...stored.doc,
                      tiles: stored.doc.tiles.map((t) => ({ ...t, key: newKey() })),
                    }),
                  });
                }}
              >
                Restore them
              </Button>
              <Button
                size="sm"
                // Settled, the stored draft follows the editor again: cleared, unless edits were made since.
                onClick={settleDraft}
              >
                Discard
              </Button>
            </span>
          }
        >
          A previous page of this dashboard had changes that were not saved ({restorable.doc.tiles.length} tiles).
        </Notice>
      )}
      <p className={styles.live} role="status" aria-live="polite" data-announcer="">
        {announcement}
      </p>
      {tiles.length === 0 && containers.length === 0 ? (
        <div className={styles.emptyGrid}>
          <p>This dashboard has no tiles yet.</p>
          {canEdit && (
            <Button variant="primary" onClick={() => setEditing({ key: null })}>
              Add the first tile
            </Button>
          )}
        </div>
      ) : (
        <DashboardGrid
          tiles={tiles}
          containers={containers}
          onGroupFocus={onGroupFocus}
          onAddTile={onAddTileIn}
          charts={charts}
          range={range}
          scope={tileScope}
          // Tiles name their sources only without chart data (the managed surface): elsewhere the
          // grid need not re-render every tile when the sources arrive.
          sourceNames={charts ? NO_SOURCE_NAMES : sourceNames}
          canEdit={canEdit}
          canAlert={canAlert}
          tileAlerts={tileAlerts}
          onTilesMoved={onTilesMoved}
          onAction={onAction}
          onKeyboard={onKeyboard}
          onDrill={onDrill}
        />
      )}
      {charts && fullscreenMounted && (
        <TileFullscreenDialog
          tile={fullscreenTile}
          onClose={() => setFullscreen(null)}
          range={range}
          scope={tileScope}
          sourceNames={sourceNames}
        />
      )}
      {canEdit && (
        <>
          {tileEditorMounted && (
            <TileEditorDialog
              open={editing !== null}
              onOpenChange={(open) => !open && setEditing(null)}
              tile={editingTile}
              sources={sourceList}
              sourceNames={sourceNames}
              charts={charts}
              range={range}
              scope={tileScope}
              onSubmit={submitTile}
              focusOnClose={focusAddedTile}
            />
          )}
          {filtersMounted && (
            <ManageFiltersDialog
              open={managingFilters}
              onOpenChange={setManagingFilters}
              filters={filters}
              sources={sourceList}
              onChange={changeFilters}
            />
          )}
          {canAlert && alertFormMounted && (
            <AlertFormDialog
              surface={surface}
              open={alerting !== null}
              onOpenChange={(open) => !open && setAlerting(null)}
              dashboardId={id}
              tileId={alerting?.tileId}
              tileName={alerting?.tileName}
              tile={alerting?.tile}
              onSaved={(alert) =>
                setAnnouncement(`Alert “${alert.name ?? ''}” saved on ${alerting?.tileName ?? 'the tile'}.`)
              }
            />
          )}
          {conflictMounted && (
            <ConflictDialog
              mine={state.present}
              theirs={autosave.conflict?.dashboard ?? null}
              onKeepMine={autosave.keepMine}
              onTakeTheirs={autosave.takeTheirs}
            />
          )}
        </>
      )}
    </>
  );
}
