// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, render } from '@/components/testing/render';
import { EMPTY_SCOPE } from '@/lib/charts/dashboard-scope';
import type { DraftTile } from '../layout';
import { readContainers } from '../tile-groups';
import { TileGridLater } from './tile-grid-later';
import { TileSections } from './tile-sections';

const note = (key: string, over: Record<string, unknown> = {}): DraftTile =>
  ({ key, name: key, x: 0, y: 0, w: 6, h: 4, series: [{ type: 'markdown', content: key }], ...over }) as DraftTile;

const noop = () => {};
// The draggable grid's code is its own chunk: in the page it is fetched while the page starts.
beforeAll(async () => {
  await TileGridLater.preload();
});
let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

type Handlers = {
  onGroupFocus?: (group: unknown) => void;
  onAddTile?: (group: unknown) => void;
  stacked?: boolean;
};

function sections(tiles: DraftTile[], containers: ReturnType<typeof readContainers>, handlers: Handlers = {}) {
  return (
    <TileSections
      tiles={tiles}
      containers={readContainers(containers)}
      width={1200}
      stacked={handlers.stacked ?? false}
      charts={false}
      range={{ startMs: 0, endMs: 3_600_000, granularity: 'auto' }}
      scope={EMPTY_SCOPE}
      sourceNames={new Map()}
      canEdit
      canAlert={false}
      tileAlerts={new Map()}
      onTilesMoved={noop}
      onAction={noop}
      onKeyboard={noop}
      onDrill={noop}
      onGroupFocus={handlers.onGroupFocus ?? noop}
      onAddTile={handlers.onAddTile ?? noop}
    />
  );
}

async function show(tiles: DraftTile[], containers: unknown, handlers: Handlers = {}) {
  const mounted = await render(sections(tiles, readContainers(containers), handlers));
  unmount = mounted.unmount;
  return mounted;
}

const articles = (scope: ParentNode) => [...scope.querySelectorAll('article')].map((a) => a.getAttribute('aria-label'));
const sectionTitled = (container: HTMLElement, title: string) =>
  [...container.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent?.includes(title))!;

describe('TileSections', () => {
  it('draws each container as a titled section, a tabbed one a tab at a time, a collapsed one closed', async () => {
    const { container } = await show(
      [
        note('free'),
        note('h1', { containerId: 'health' }),
        note('e1', { containerId: 'deep', tabId: 'errors' }),
        note('l1', { containerId: 'deep', tabId: 'latency' }),
        note('old', { containerId: 'archive' }),
      ],
      [
        { id: 'health', title: 'Health', collapsed: false },
        {
          id: 'deep',
          title: 'Deep dive',
          collapsed: false,
          tabs: [
            { id: 'errors', title: 'Errors' },
            { id: 'latency', title: 'Latency' },
          ],
        },
        { id: 'archive', title: 'Archive', collapsed: true },
      ],
    );
    expect(articles(sectionTitled(container, 'Health'))).toEqual(['h1']);
    const deep = sectionTitled(container, 'Deep dive');
    expect(articles(deep)).toEqual(['e1']);
    await click([...deep.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Latency')!);
    expect(articles(deep)).toEqual(['l1']);
    const archive = sectionTitled(container, 'Archive');
    expect(articles(archive)).toEqual([]);
    await click(archive.querySelector('button[aria-expanded="false"]')!);
    expect(articles(archive)).toEqual(['old']);
  });

  it('shows tiles naming a missing container or tab outside any section, under a note naming what they point at', async () => {
    const { container } = await show(
      [note('ghost', { containerId: 'gone' }), note('badTab', { containerId: 'health', tabId: 'nope' })],
      [{ id: 'health', title: 'Health', collapsed: false }],
    );
    const orphans = container.querySelector('section[aria-label="Tiles outside their section"]')!;
    expect(orphans.textContent).toContain('ghost points at section “gone”, which this dashboard does not have.');
    expect(orphans.textContent).toContain('badTab points at tab “nope”, which section “Health” does not have.');
    expect(orphans.textContent).toContain('saved as they are');
    expect(articles(orphans)).toEqual(['ghost', 'badTab']);
    expect(articles(sectionTitled(container, 'Health'))).toEqual([]);
  });

  it('tells where the user works: a chosen tab, and a section\'s own "Add tile here"', async () => {
    const onGroupFocus = vi.fn();
    const onAddTile = vi.fn();
    const { container } = await show(
      [note('e1', { containerId: 'deep', tabId: 'errors' })],
      [
        {
          id: 'deep',
          title: 'Deep dive',
          collapsed: false,
          tabs: [
            { id: 'errors', title: 'Errors' },
            { id: 'latency', title: 'Latency' },
          ],
        },
      ],
      { onGroupFocus, onAddTile },
    );
    const deep = sectionTitled(container, 'Deep dive');
    await click([...deep.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Latency')!);
    expect(onGroupFocus).toHaveBeenLastCalledWith({ containerId: 'deep', tabId: 'latency' });
    expect(deep.textContent).toContain('No tiles in this tab yet.');
    await click([...deep.querySelectorAll('button')].find((b) => b.textContent === 'Add tile here')!);
    expect(onAddTile).toHaveBeenCalledWith({ containerId: 'deep', tabId: 'latency' });
  });

  it('opens a collapsed section when a tile is added to it', async () => {
    const containers = readContainers([{ id: 'archive', title: 'Archive', collapsed: true }]);
    const first = [note('old', { containerId: 'archive' })];
    function Growing() {
      const [tiles, setTiles] = useState(first);
      return (
        <>
          <button type="button" onClick={() => setTiles([...first, note('new', { containerId: 'archive', y: 4 })])}>
            Grow
          </button>
          {sections(tiles, containers)}
        </>
      );
    }
    const mounted = await render(<Growing />);
    unmount = mounted.unmount;
    expect(articles(mounted.container)).toEqual([]);
    await click(buttonNamed('Grow'));
    expect(articles(mounted.container)).toEqual(['old', 'new']);
  });

  it('draws a container of a type it does not know as a plain section', async () => {
    const { container } = await show(
      [note('slide', { containerId: 'c' })],
      [{ id: 'c', type: 'carousel', title: 'Slides', collapsed: false }],
    );
    const section = sectionTitled(container, 'Slides');
    expect(section.querySelector('[role="tablist"]')).toBeNull();
    expect(articles(section)).toEqual(['slide']);
  });

  it('stands the tiles of a narrow frame one per row in reading order, each as tall as on the grid, off the draggable grid', async () => {
    const { container } = await show(
      [note('right', { x: 6, y: 0, h: 3 }), note('below', { x: 0, y: 4, h: 5 }), note('left', { x: 0, y: 0, h: 4 })],
      [],
      { stacked: true },
    );
    expect(articles(container)).toEqual(['left', 'right', 'below']);
    const heights = [...container.querySelectorAll<HTMLElement>('[data-grid-item]')].map((item) => item.style.height);
    // h rows of 32 px and the 10 px margins between them.
    expect(heights).toEqual(['158px', '116px', '200px']);
    expect(container.querySelector('.react-grid-layout, .react-grid-item')).toBeNull();
  });
});
