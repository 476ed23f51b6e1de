/**
 * Tiles of every kind the observability API carries, as the observability app itself makes them:
 * drawn (or shown as a labelled placeholder), a note's script left inert, and every tile and
 * field kept exactly through a save made by moving a tile in the browser. The tile editor offers
 * each display with a preview; units reach the axis; the dashboard filter lives in the URL and
 * becomes the dashboard's default on request.
 */
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { emulator } from '../../fixtures/emulator';
import { ossCall, ossSources } from '../../fixtures/observability-upstream';
import { expect, main, test } from '../../fixtures/test';

type Json = Record<string, unknown>;
interface StoredDashboard extends Json {
  id: string;
  tiles: (Json & { id: string; name: string; x: number; y: number })[];
}

const NOTE = [
  '# Runbook',
  '',
  'Call **on-call** first.',
  '',
  '<script>window.__noteRan = true</script>',
  '<img src="x" onerror="window.__noteRan = true">',
  '[a link](javascript:window.__noteRan=true)',
].join('\n');

async function appMadeDashboard(): Promise<StoredDashboard> {
  const { log, trace } = await ossSources();
  const body = {
    name: 'Made in the observability app',
    tags: ['app'],
    containers: [{ id: 'health', title: 'Health', collapsed: false, bordered: true }],
    filters: [
      {
        type: 'QUERY_EXPRESSION',
        name: 'Service',
        expression: 'ServiceName',
        sourceId: log,
        isVariableEnabled: true,
        variableName: 'svc',
      },
    ],
    savedQuery: '-SpanName:"GET /suggest"',
    savedQueryLanguage: 'lucene',
    savedFilterValues: [{ type: 'sql', condition: "ServiceName IN ('checkout')" }],
    tiles: [
      { name: 'Runbook', x: 0, y: 0, w: 8, h: 5, series: [{ type: 'markdown', content: NOTE }] },
      {
        name: 'By service',
        x: 8,
        y: 0,
        w: 8,
        h: 5,
        containerId: 'health',
        config: {
          displayType: 'pie',
          sourceId: trace,
          select: [{ aggFn: 'count', where: '', whereLanguage: 'lucene', alias: 'spans' }],
          groupBy: 'ServiceName',
          limit: 3,
        },
      },
      {
        name: 'Patterns',
        x: 16,
        y: 0,
        w: 8,
        h: 5,
        config: { displayType: 'event_patterns', sourceId: log, select: 'Body', where: '', whereLanguage: 'lucene' },
      },
      {
        name: 'Raw SQL',
        x: 0,
        y: 5,
        w: 8,
        h: 5,
        config: {
          displayType: 'line',
          configType: 'sql',
          connectionId: '0123456789abcdef01234567',
          sqlTemplate: 'SELECT 1',
          seriesLimit: 3,
        },
      },
      {
        name: 'Spans',
        x: 8,
        y: 5,
        w: 8,
        h: 5,
        config: {
          displayType: 'number',
          sourceId: trace,
          select: [{ aggFn: 'count', where: '', whereLanguage: 'lucene' }],
          color: 'chart-red',
          colorRules: [{ operator: 'gt', value: 10, color: 'chart-green' }],
        },
      },
      {
        name: 'Latency',
        x: 16,
        y: 5,
        w: 8,
        h: 5,
        series: [
          {
            type: 'time',
            displayType: 'stacked_bar',
            sourceId: trace,
            aggFn: 'avg',
            field: 'Duration',
            where: '',
            whereLanguage: 'lucene',
            groupBy: [],
            alias: 'avg',
            numberFormat: { output: 'time', factor: 0.001 },
          },
        ],
      },
    ],
  };
  const created = await ossCall<{ data: StoredDashboard }>('POST', '/dashboards', body);
  expect(created.status).toBe(200);
  return created.body.data;
}

test.beforeEach(async ({ signIn }) => {
  await emulator.reset();
  await signIn('editor');
});

test('a dashboard of every tile kind is drawn, its note inert, and a moved tile changes nothing else', async ({
  page,
}) => {
  const before = await appMadeDashboard();
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${before.id}`);

  // Drawn: a sanitized note, a pie, a number, stacked bars in milliseconds; placeholders for the rest.
  await expect(editor.tile('Runbook').getByRole('heading', { name: 'Runbook', level: 1 })).toBeVisible();
  // In its container's section, below the ungrouped tiles: drawn once scrolled to.
  await editor.tile('By service').scrollIntoViewIfNeeded();
  await expect(editor.tile('By service').locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(editor.tile('Spans').getByTestId('tile-chart')).toHaveAttribute('data-display', 'number');
  await expect(editor.tile('Latency').locator('svg text').filter({ hasText: / ms$/ }).first()).toBeVisible();
  await expect(editor.tile('Patterns').getByRole('note')).toContainText('An event patterns tile');
  await expect(editor.tile('Raw SQL').getByRole('note')).toContainText('A SQL query tile');
  await expect(editor.tile('Raw SQL').getByText('Not editable here').first()).toBeVisible();
  await page.getByRole('button', { name: 'Actions for tile Raw SQL' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit…' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => (window as unknown as { __noteRan?: boolean }).__noteRan)).toBeUndefined();
  await expect(editor.tile('Runbook').locator('script, [onerror], a[href^="javascript"]')).toHaveCount(0);

  // The saved default filter applies until the URL says otherwise.
  await expect(main(page).getByRole('textbox', { name: 'Filter every tile' })).toHaveValue('-SpanName:"GET /suggest"');
  await expect(main(page).getByRole('combobox', { name: 'Service', exact: true })).toHaveValue('checkout');

  const save = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/dashboards/${before.id}`),
  );
  // Runbook down one row: the tiles below it move up, their contents untouched.
  await editor.tile('Runbook').scrollIntoViewIfNeeded();
  await editor.dragBy('Runbook', 0, 230);
  expect((await save).status()).toBe(200);
  await editor.expectSaved();

  const after = (await ossCall<{ data: StoredDashboard }>('GET', `/dashboards/${before.id}`)).body.data;
  const moved = after.tiles.find((t) => t.name === 'Runbook')!;
  expect(moved.y).toBeGreaterThanOrEqual(5);
  const strip = (d: StoredDashboard) => ({ ...d, tiles: d.tiles.map(({ x: _x, y: _y, ...tile }) => tile) });
  // Every field and tile as it was, positions aside (the move, and the tiles it pushed).
  expect(strip(after)).toEqual(strip(before));
});

test('the tile editor offers each display with a preview, and the filter becomes the default on request', async ({
  page,
}) => {
  const editor = new DashboardEditorPage(page);
  await editor.goto('/dashboards');
  await main(page).getByRole('link', { name: 'Overview (every tile type)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview (every tile type)');

  await editor.addTileButton.click();
  const dialog = editor.tileDialog;
  await editor.fillTile({
    name: 'Errors by service',
    type: 'Pie chart',
    source: 'Logs (log)',
    where: 'SeverityText:error',
  });
  await dialog.getByLabel('Group by').fill('ServiceName');
  await expect(dialog.getByRole('region', { name: 'Preview' }).locator('.recharts-pie-sector').first()).toBeVisible();
  await dialog.getByLabel('Shows').selectOption({ label: 'Note (Markdown)' });
  await dialog.getByLabel('Text (Markdown)').fill('## Hello');
  await expect(dialog.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Hello' })).toBeVisible();
  await dialog.getByLabel('Shows').selectOption({ label: 'Table' });
  // Span durations: the traces' Duration column (log records have none in the OpenTelemetry schema).
  await dialog.getByLabel('Source').first().selectOption({ label: 'Traces (trace)' });
  await dialog.getByLabel('Where').first().fill('');
  await dialog.getByLabel('Aggregation').first().selectOption({ label: '95th percentile' });
  await dialog.getByLabel('Field', { exact: true }).fill('Duration');
  await dialog.getByLabel('Unit').selectOption({ label: 'Duration (milliseconds)' });
  await expect(dialog.getByRole('region', { name: 'Preview' }).getByRole('table')).toContainText(' ms');
  await dialog.getByRole('button', { name: 'Add tile' }).click();
  // The new tile (placed below the others) takes the focus, which brings it into view.
  await expect(editor.tile('Errors by service')).toBeFocused();
  await expect(editor.tile('Errors by service')).toBeInViewport();
  await expect(editor.tile('Errors by service').getByRole('table')).toBeVisible();
  await editor.expectSaved();

  const filter = main(page).getByRole('textbox', { name: 'Filter every tile' });
  await filter.fill('ServiceName:checkout');
  await main(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=ServiceName%3Acheckout/);
  const charted = page.waitForRequest(
    (r) => r.url().endsWith('/charts/series') && (r.postData() ?? '').includes('ServiceName:checkout'),
  );
  await page.reload();
  await charted;
  await main(page).getByRole('button', { name: 'Save as default' }).click();
  await editor.expectSaved();
  await expect(main(page).getByRole('button', { name: 'Save as default' })).toHaveCount(0);
  const dashboards = (await ossCall<{ data: StoredDashboard[] }>('GET', '/dashboards')).body.data;
  expect(dashboards.find((d) => d.name === 'Overview (every tile type)')).toMatchObject({
    savedQuery: 'ServiceName:checkout',
    savedQueryLanguage: 'lucene',
  });
});
