'use client';

/**
 * The dashboard's tiles grouped as the observability app groups them: tiles outside any container
 * on one grid, then each container as a titled, collapsible section with its own grid (and a tab
 * bar when it has two or more tabs, one grid per tab). A drag or a resize stays within its grid,
 * so it can move only tiles of the same section and tab. Loaded by ./dashboard-grid beside the
 * page, not with it.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { DraftTile } from '../layout';
import { hasTabBar, sectionTiles, tabOf, type ContainerView, type TileGroup } from '../tile-groups';
import type { TileGridProps } from './tile-grid';
import { TileGridLater } from './tile-grid-later';
import { TileStack } from './tile-stack';
import styles from './editor.module.css';

export interface TileSectionsProps extends Omit<TileGridProps, 'tiles'> {
  tiles: readonly DraftTile[];
  containers: readonly ContainerView[];
  /** The section (and tab) the user works in: new tiles go there. */
  onGroupFocus: (group: TileGroup) => void;
  /** "Add tile" of one section (or tab). */
  onAddTile: (group: TileGroup) => void;
}

export function TileSections({ tiles, containers, onGroupFocus, onAddTile, ...grid }: TileSectionsProps) {
  const sections = useMemo(() => sectionTiles(tiles, containers), [tiles, containers]);
  const orphanTiles = useMemo(() => sections.orphans.map((o) => o.tile), [sections.orphans]);
  return (
    <>
      {sections.ungrouped.length > 0 && (
        <div onFocus={() => onGroupFocus({})}>
          <TileGrid {...grid} tiles={sections.ungrouped} />
        </div>
      )}
      {sections.orphans.length > 0 && (
        <section className={styles.orphans} aria-label="Tiles outside their section">
          <div className={styles.sectionNotice}>
            <Notice tone="warning" title="Some tiles point at a section or tab this dashboard does not have">
              <ul className={styles.orphanList}>
                {sections.orphans.map(({ tile, reason }) => (
                  <li key={tile.key}>
                    <strong>{tile.name || 'Untitled tile'}</strong> points at {reason}.
                  </li>
                ))}
              </ul>
              They are shown here, outside any section, and saved as they are.
            </Notice>
          </div>
          <TileGrid {...grid} tiles={orphanTiles} />
        </section>
      )}
      {sections.containers.map(({ container, tiles: inside }) => (
        <ContainerSection
          key={container.id}
          container={container}
          tiles={inside}
          grid={{ ...grid, width: Math.max(0, grid.width - sectionInset(container)) }}
          onGroupFocus={onGroupFocus}
          onAddTile={onAddTile}
        />
      ))}
    </>
  );
}

/** One group's tiles: on react-grid-layout's grid, or one per row on a narrow frame. */
function TileGrid(props: TileGridProps) {
  return props.stacked ? <TileStack {...props} /> : <TileGridLater {...props} />;
}

/** What a section takes from the frame's width: its side margins (8 px each) and its border. */
const sectionInset = (container: ContainerView) => 16 + (container.bordered ? 2 : 0);

interface ContainerSectionProps {
  container: ContainerView;
  tiles: DraftTile[];
  grid: Omit<TileGridProps, 'tiles'>;
  onGroupFocus: (group: TileGroup) => void;
  onAddTile: (group: TileGroup) => void;
}

function ContainerSection({ container, tiles, grid, onGroupFocus, onAddTile }: ContainerSectionProps) {
  const titleId = useId();
  const bodyId = useId();
  const tabsId = useId();
  // Collapsing is the viewer's own: the stored `collapsed` is the default every viewer starts from.
  const [collapsed, setCollapsed] = useState(container.collapsible && container.collapsed);
  const [activeTab, setActiveTab] = useState(container.tabs[0]?.id);
  // A tile added to a collapsed section (with the page's "Add tile") opens it, so the tile is seen.
  const [tileCount, setTileCount] = useState(tiles.length);
  if (tiles.length !== tileCount) {
    setTileCount(tiles.length);
    if (tiles.length > tileCount && collapsed) setCollapsed(false);
  }
  const tabbed = hasTabBar(container);
  const currentTab = tabbed
    ? (container.tabs.find((tab) => tab.id === activeTab)?.id ?? container.tabs[0]!.id)
    : undefined;
  const group: TileGroup = currentTab
    ? { containerId: container.id, tabId: currentTab }
    : { containerId: container.id };
  const shown = useMemo(
    () => (currentTab ? tiles.filter((tile) => tabOf(tile, container) === currentTab) : tiles),
    [tiles, container, currentTab],
  );
  const open = !collapsed;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = container.tabs[(index + step + container.tabs.length) % container.tabs.length]!;
    selectTab(next.id);
    document.getElementById(`${tabsId}-${next.id}`)?.focus();
  };

  // The chosen tab is where the user now works: the page's "Add tile" puts a new tile there.
  const selectTab = (tabId: string) => {
    setActiveTab(tabId);
    onGroupFocus({ containerId: container.id, tabId });
  };

  return (
    <section
      className={container.bordered ? `${styles.section} ${styles.sectionBordered}` : styles.section}
      aria-labelledby={titleId}
      data-container-id={container.id}
      onFocus={() => onGroupFocus(group)}
    >
      <header className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle} id={titleId}>
          {container.collapsible ? (
            <button
              type="button"
              className={styles.sectionToggle}
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setCollapsed(open)}
            >
              <span aria-hidden="true" className={styles.sectionChevron} data-open={open || undefined}>
                ▸
              </span>
              {container.title}
            </button>
          ) : (
            container.title
          )}
        </h2>
        <span className={styles.sectionCount}>
          {tiles.length} {tiles.length === 1 ? 'tile' : 'tiles'}
        </span>
        {grid.canEdit && open && (
          <Button size="sm" variant="ghost" onClick={() => onAddTile(group)}>
            Add tile here
          </Button>
        )}
      </header>
      {open && (
        <div id={bodyId}>
          {tabbed && (
            <div role="tablist" aria-label={`Tabs of ${container.title}`} className={styles.tabList}>
              {container.tabs.map((tab, index) => (
                <button
                  key={tab.id}
                  id={`${tabsId}-${tab.id}`}
                  type="button"
                  role="tab"
                  aria-selected={tab.id === currentTab}
                  aria-controls={`${tabsId}-panel`}
                  tabIndex={tab.id === currentTab ? 0 : -1}
                  className={styles.tab}
                  onClick={() => selectTab(tab.id)}
                  onKeyDown={(event) => onTabKey(event, index)}
                >
                  {tab.title}
                </button>
              ))}
            </div>
          )}
          <div
            id={`${tabsId}-panel`}
            role={tabbed ? 'tabpanel' : undefined}
            aria-labelledby={tabbed ? `${tabsId}-${currentTab}` : undefined}
          >
            {shown.length > 0 ? (
              <TileGrid {...grid} tiles={shown} />
            ) : (
              <p className={styles.sectionEmpty}>
                {tabbed ? 'No tiles in this tab yet.' : 'No tiles in this section yet.'}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
