/**
 * Dashboards exactly as the observability app's own API creates them — containers and tabs with
 * positions of their own, metric tiles, colour rules, filters limited to some sources, a saved
 * query, series without a where language — created straight on the emulator, opened in the
 * browser, one tile moved with the keyboard, and the stored JSON compared with what the app had
 * stored: only the moved tile's place differs.
 */
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { emulator } from '../../fixtures/emulator';
import { ossCall, ossSources } from '../../fixtures/observability-upstream';
import { expect, main, test } from '../../fixtures/test';

type Json = Record<string, unknown>;
interface StoredTile extends Json {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
interface StoredDashboard extends Json {
  id: string;
  tiles: StoredTile[];
}

async function create(body: Json): Promise<StoredDashboard> {
  const created = await ossCall<{ data: StoredDashboard }>('POST', '/dashboards', body);
  expect(created.status).toBe(200);
  return created.body.data;
}

async function stored(id: string): Promise<StoredDashboard> {
  return (await ossCall<{ data: StoredDashboard }>('GET', `/dashboards/${id}`)).body.data;
}

/** Two containers (one with tabs) whose tiles all start at (0, 0) of their own grid. */
async function sectionedDashboard(): Promise<StoredDashboard> {
  const { log, trace } = await ossSources();
  const count = (where: string) => [{ type: 'number', sourceId: log, aggFn: 'count', where, whereLanguage: 'lucene' }];
  return create({
    name: 'Sections made in the app',
    tags: ['app'],
    containers: [
      { id: 'health', title: 'Service health', collapsed: false },
      {
        id: 'deep',
        title: 'Deep dive',
        collapsed: false,
        bordered: false,
        tabs: [
          { id: 'errors', title: 'Errors' },
          { id: 'latency', title: 'Latency' },
        ],
      },
      { id: 'archive', title: 'Archive', collapsed: true },
    ],
    tiles: [
      { name: 'All logs', x: 0, y: 0, w: 8, h: 4, series: count('') },
      { name: 'Health errors', x: 0, y: 0, w: 8, h: 4, containerId: 'health', series: count('SeverityText:error') },
      { name: 'Health warnings', x: 12, y: 0, w: 8, h: 4, containerId: 'health', series: count('SeverityText:warn') },
      {
        name: 'Error spans',
        x: 0,
        y: 0,
        w: 8,
        h: 4,
        containerId: 'deep',
        tabId: 'errors',
        series: count('SeverityText:error'),
      },
      {
        name: 'Span latency',
        x: 0,
        y: 0,
        w: 12,
        h: 4,
        containerId: 'deep',
        tabId: 'latency',
        series: [
          {
            type: 'time',
            sourceId: trace,
            aggFn: 'avg',
            field: 'Duration',
            where: '',
            whereLanguage: 'lucene',
            groupBy: [],
          },
        ],
      },
      { name: 'Old count', x: 0, y: 0, w: 8, h: 4, containerId: 'archive', series: count('') },
    ],
  });
}

test.beforeEach(async ({ signIn }) => {
  await emulator.reset();
  await signIn('editor');
});

test('containers and tabs are drawn as sections with their own grids, and a keyboard move changes only the moved tile', async ({
  page,
}) => {
  const before = await sectionedDashboard();
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${before.id}`);

  const health = main(page).getByRole('region', { name: 'Service health' });
  const deep = main(page).getByRole('region', { name: 'Deep dive' });
  const archive = main(page).getByRole('region', { name: 'Archive' });
  await expect(health.getByRole('article')).toHaveCount(2);
  // Tiles at (0, 0) of different grids are each at the top-left of their own section, none pushed down.
  const allLogs = await editor.box('All logs');
  const healthErrors = await editor.box('Health errors');
  expect(Math.abs(healthErrors.x - allLogs.x)).toBeLessThan(12);
  expect(healthErrors.y).toBeGreaterThan(allLogs.y + allLogs.height);
  expect(healthErrors.y - (await health.boundingBox())!.y).toBeLessThan(80);

  // Tabs: one tab's tiles at a time, moved between with the keyboard.
  const errorsTab = deep.getByRole('tab', { name: 'Errors' });
  await expect(errorsTab).toHaveAttribute('aria-selected', 'true');
  await expect(deep.getByRole('article', { name: 'Error spans' })).toBeVisible();
  await expect(deep.getByRole('article', { name: 'Span latency' })).toHaveCount(0);
  await errorsTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(deep.getByRole('tab', { name: 'Latency' })).toHaveAttribute('aria-selected', 'true');
  await expect(deep.getByRole('article', { name: 'Span latency' })).toBeVisible();
  await expect(deep.getByRole('article', { name: 'Error spans' })).toHaveCount(0);

  // A collapsed container starts closed and opens on request.
  const archiveToggle = archive.getByRole('button', { name: 'Archive' });
  await expect(archiveToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(archive.getByRole('article')).toHaveCount(0);
  await archiveToggle.click();
  await expect(archive.getByRole('article', { name: 'Old count' })).toBeVisible();

  // One tile one column right with the keyboard: saved, and nothing else differs from what the app stored.
  const save = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/dashboards/${before.id}`),
  );
  await editor.tile('Health errors').focus();
  await page.keyboard.press('ArrowRight');
  expect((await save).status()).toBe(200);
  await editor.expectSaved();
  const after = await stored(before.id);
  const expected = { ...before, tiles: before.tiles.map((t) => (t.name === 'Health errors' ? { ...t, x: 1 } : t)) };
  expect(after).toEqual(expected);
});

test('a new tile goes to the section and tab the user is in', async ({ page }) => {
  const before = await sectionedDashboard();
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${before.id}`);
  const deep = main(page).getByRole('region', { name: 'Deep dive' });
  // The tab chosen last is where the page's "Add tile" puts the new tile.
  await deep.getByRole('tab', { name: 'Latency' }).click();
  await editor.addTileButton.click();
  await expect(editor.tileDialog).toBeVisible();
  await editor.fillTile({ name: 'Slow spans', source: 'Traces (trace)', aggregation: 'Count', where: 'Duration:>100' });
  await editor.tileDialog.getByRole('button', { name: 'Add tile' }).click();
  await expect(deep.getByRole('article', { name: 'Slow spans' })).toBeVisible();
  await editor.expectSaved();

  const after = await stored(before.id);
  // Beside the tab's other tile, in the tab's own grid; every stored tile as it was.
  expect(after.tiles.find((t) => t.name === 'Slow spans')).toMatchObject({
    containerId: 'deep',
    tabId: 'latency',
    x: 12,
    y: 0,
  });
  expect(after.tiles.filter((t) => t.name !== 'Slow spans')).toEqual(before.tiles);

  // "Add tile here" of a section: the tile joins that section, in its own grid.
  const health = main(page).getByRole('region', { name: 'Service health' });
  await health.getByRole('button', { name: 'Add tile here' }).click();
  await editor.fillTile({ name: 'Health notes', type: 'Note (Markdown)' });
  await editor.tileDialog.getByLabel('Text (Markdown)').fill('Check the **error** rate first.');
  await editor.tileDialog.getByRole('button', { name: 'Add tile' }).click();
  await expect(health.getByRole('article', { name: 'Health notes' })).toBeVisible();
  await editor.expectSaved();
  // Below the section's two tiles, which fill its first 20 columns.
  expect((await stored(before.id)).tiles.find((t) => t.name === 'Health notes')).toMatchObject({
    containerId: 'health',
    x: 0,
    y: 4,
  });
  expect((await stored(before.id)).tiles.find((t) => t.name === 'Health notes')).not.toHaveProperty('tabId');
});

test('a dashboard with metric tiles, colour ranges, source-limited filters and a saved query survives a keyboard move', async ({
  page,
}) => {
  const { log, trace, metric } = await ossSources();
  const before = await create({
    name: 'Metrics made in the app',
    tags: [],
    filters: [
      {
        type: 'QUERY_EXPRESSION',
        name: 'Service',
        expression: 'ServiceName',
        sourceId: log,
        appliesToSourceIds: [log, trace],
      },
    ],
    savedQuery: 'ServiceName:checkout',
    savedQueryLanguage: 'lucene',
    tiles: [
      // As the app writes a metric quantile: an empty field and a metric name; no where language.
      {
        name: 'Request p99',
        x: 0,
        y: 0,
        w: 8,
        h: 4,
        series: [
          {
            type: 'time',
            sourceId: metric,
            aggFn: 'quantile',
            level: 0.99,
            field: '',
            where: '',
            groupBy: [],
            metricName: 'http.server.duration',
            metricDataType: 'histogram',
          },
        ],
      },
      {
        name: 'Errors',
        x: 8,
        y: 0,
        w: 8,
        h: 4,
        series: [{ type: 'number', sourceId: log, aggFn: 'count', where: 'SeverityText:error' }],
      },
      {
        name: 'Error budget',
        x: 0,
        y: 4,
        w: 8,
        h: 4,
        config: {
          displayType: 'number',
          sourceId: log,
          select: [{ aggFn: 'count', where: '', whereLanguage: 'lucene' }],
          colorRules: [
            { operator: 'between', value: [10, 1000], color: 'chart-warning' },
            { operator: 'gt', value: 1000, color: 'chart-red' },
          ],
        },
      },
      // One grid cell: drawn once on screen like any other tile.
      { name: 'Tiny', x: 20, y: 0, w: 1, h: 1, series: [{ type: 'number', sourceId: log, aggFn: 'count', where: '' }] },
    ],
  });
  // The emulator reads a series without a where language as lucene, as the service does.
  expect(before.tiles.find((t) => t.name === 'Errors')!.series).toEqual([
    expect.objectContaining({ whereLanguage: 'lucene' }),
  ]);

  const editor = new DashboardEditorPage(page);
  const charted = page.waitForResponse((r) => r.url().endsWith('/charts/series') && r.status() === 200);
  await editor.goto(`/dashboards/${before.id}`);
  await charted;
  await expect(editor.tile('Request p99').getByRole('note')).toContainText('A metrics tile');
  await expect(editor.tile('Request p99').getByText('Not editable here').first()).toBeVisible();
  await expect(editor.tile('Error budget').getByTestId('tile-chart')).toHaveAttribute('data-display', 'number');
  // The 1×1 tile fetched and drew its number, rather than waiting to be seen.
  await expect(editor.tile('Tiny').getByTestId('tile-chart')).toContainText(/\d/);
  await expect(editor.tile('Tiny').getByTestId('tile-chart')).not.toContainText('Loading chart');

  const save = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/dashboards/${before.id}`),
  );
  await editor.tile('Errors').focus();
  await page.keyboard.press('ArrowRight');
  expect((await save).status()).toBe(200);
  await editor.expectSaved();
  const after = await stored(before.id);
  expect(after).toEqual({ ...before, tiles: before.tiles.map((t) => (t.name === 'Errors' ? { ...t, x: 9 } : t)) });
});
