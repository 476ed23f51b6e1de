'use client';

import dynamic from 'next/dynamic';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { TimeRangeBar } from '@/components/charts/time-range/time-range-bar';
import { useTimeRange } from '@/components/charts/time-range/use-time-range';
import { FilterBar } from '../filters/filter-bar';
import { useDashboardScope } from '../filters/use-dashboard-scope';
import { useTileScope } from '../filters/use-tile-scope';
import { useCan } from '@/lib/console/console-context';
import { BackLink } from '@/components/ui/back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { PageHeader } from '@/components/ui/page-header';
import { DashboardHistory } from '@/components/history/dashboard-history';
import { Skeleton } from '@/components/ui/skeleton';
import { useOnceTrue } from '@/components/ui/use-once-true';
import { useTileAlerts } from '@/lib/api/alerts/use-tile-alerts';
import type { VersionedDashboard } from '@/lib/api/dashboards/requests';
import { useDashboardQuery } from '@/lib/api/dashboards/use-dashboard-query';
import { useSourcesQuery } from '@/lib/api/dashboards/use-sources-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import { pagePath, surfaceCapabilities, type Surface } from '@/lib/observability/surface';
import type { Dashboard, DashboardFilter } from '@/lib/schemas/observability/dashboard';
import { DASHBOARD_LIMITS } from '@/lib/schemas/observability/layout-bounds';
import { readContainers, type TileGroup } from '../tile-groups';
import { DashboardControls, controlsSummary } from './dashboard-controls';
import { DashboardGrid } from './dashboard-grid';
import { DashboardMenu, MenuResultNotice, type MenuResult } from './dashboard-menu';
import { RestoreDraftNotice } from './restore-draft-notice';
import { SaveStatus } from './save-status';
import { draftBody, draftReducer, initialDraft, isDirty } from './draft';
import { useDashboardSave } from './use-dashboard-save';
import { useEditorDialogs } from './use-editor-dialogs';
import { useFilterEdits } from './use-filter-edits';
import { useLatest } from './use-latest';
import { useLeaveWarning } from './use-leave-warning';
import { useStoredDraft } from './use-stored-draft';
import { useTileActions } from './use-tile-actions';
import { useTileDrill } from './use-tile-drill';
import { useTileLayoutEdits } from './use-tile-layout-edits';
import { useTileSubmit } from './use-tile-submit';
import { useUndoShortcuts } from './use-undo-shortcuts';
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
  const autosave = useDashboardSave(target, id, state, dispatch, canEdit);
  const [announcement, setAnnouncement] = useState('');
  const [menuResult, setMenuResult] = useState<MenuResult | null>(null);
  const dialogs = useEditorDialogs();
  const { setEditing, setFullscreen, setAlerting } = dialogs;
  // A draft left by an earlier page of this tab (a reload during a failing save) is offered back.
  const { restorable, settle: settleDraft } = useStoredDraft(surface, id, state, loaded.dashboard);

  const tiles = state.present.tiles;
  const tilesRef = useLatest(tiles);
  const storedContainers = state.present.fields?.containers;
  const containers = useMemo(() => readContainers(storedContainers), [storedContainers]);
  const containersRef = useLatest(containers);
  // The section (and tab) the user last worked in; "Add tile" puts the new tile there.
  const currentGroup = useRef<TileGroup>({});
  const onGroupFocus = useCallback((group: TileGroup) => {
    currentGroup.current = group;
  }, []);
  const onAddTileIn = useCallback((group: TileGroup) => setEditing({ key: null, group }), [setEditing]);

  useLeaveWarning(isDirty(state));
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  useUndoShortcuts(canEdit, undo, redo);

  const { onDrill, drillToTile } = useTileDrill(scope, setAnnouncement);
  const { onTilesMoved, onKeyboard } = useTileLayoutEdits(dispatch, tilesRef, containersRef, setAnnouncement);
  const onAction = useTileActions({
    dispatch,
    tilesRef,
    containersRef,
    announce: setAnnouncement,
    drillToTile,
    setEditing,
    setFullscreen,
    setAlerting,
  });
  const { submitTile, focusAddedTile } = useTileSubmit({
    dispatch,
    tiles,
    containers,
    editing: dialogs.editing,
    closeEditor: () => setEditing(null),
    announce: setAnnouncement,
  });
  const filters = (state.present.fields?.filters ?? []) as DashboardFilter[];
  const { saveDefault, changeFilters } = useFilterEdits(dispatch, filters, scope, setAnnouncement);

  const editingKey = dialogs.editing?.key;
  const editingTile = editingKey ? (tiles.find((t) => t.key === editingKey) ?? null) : null;
  const currentDashboard = () => ({ ...draftBody(state.present), id }) as Dashboard;
  const fullscreenTile = dialogs.fullscreen ? (tiles.find((t) => t.key === dialogs.fullscreen) ?? null) : null;
  const full = tiles.length >= DASHBOARD_LIMITS.tilesMax;
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
            onManage={() => dialogs.setManagingFilters(true)}
          />
        </DashboardControls>
      )}
      {menuResult && <MenuResultNotice result={menuResult} onDismiss={() => setMenuResult(null)} />}
      {restorable && <RestoreDraftNotice restorable={restorable} settle={settleDraft} dispatch={dispatch} />}
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
      {charts && dialogs.mounted.fullscreen && (
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
          {dialogs.mounted.tileEditor && (
            <TileEditorDialog
              open={dialogs.editing !== null}
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
          {dialogs.mounted.filters && (
            <ManageFiltersDialog
              open={dialogs.managingFilters}
              onOpenChange={dialogs.setManagingFilters}
              filters={filters}
              sources={sourceList}
              onChange={changeFilters}
            />
          )}
          {canAlert && dialogs.mounted.alertForm && (
            <AlertFormDialog
              surface={surface}
              open={dialogs.alerting !== null}
              onOpenChange={(open) => !open && setAlerting(null)}
              dashboardId={id}
              tileId={dialogs.alerting?.tileId}
              tileName={dialogs.alerting?.tileName}
              tile={dialogs.alerting?.tile}
              onSaved={(alert) =>
                setAnnouncement(`Alert “${alert.name ?? ''}” saved on ${dialogs.alerting?.tileName ?? 'the tile'}.`)
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
