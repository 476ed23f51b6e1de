/**
 * Dashboards as an editor builds them: tiles added, dragged by their handle and resized with the
 * mouse, moved with the keyboard, undone, edited with a live chart; every change saved through
 * the BFF's conditional PUT and checked there; a concurrent edit ending in the conflict dialog;
 * the managed surface's dashboards listed and edited.
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { DashboardEditorPage, isDashboardSave } from '../../pages/dashboard-editor';
import { E2E, consoleUrl } from '../../fixtures/env';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const OBJECT_ID = /^[0-9a-f]{24}$/;
const SERVICE_HEALTH = '67fde92fda19d1c3635e9934';
const managedBase = `/api/cloud/v1/organizations/${E2E.organizationId}/services/${E2E.serviceId}/observability`;

interface StoredTile {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

async function storedTiles(request: APIRequestContext, path: string): Promise<StoredTile[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers().etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  const body = (await response.json()) as { data?: { tiles: StoredTile[] }; result?: { tiles: StoredTile[] } };
  return (body.data ?? body.result)!.tiles;
}

const byName = (tiles: StoredTile[], name: string) => {
  const tile = tiles.find((t) => t.name === name);
  if (!tile) throw new Error(`no tile ${name} in ${tiles.map((t) => t.name).join(', ')}`);
  return tile;
};

async function signedInPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: consoleUrl });
  const page = await context.newPage();
  const user = E2E.users.editor;
  const response = await page.request.post('/api/session', {
    data: { username: user.name, password: user.password },
    headers: { origin: consoleUrl },
  });
  expect(response.status()).toBe(200);
  return { context, page };
}

test.beforeEach(async ({ signIn }) => {
  await signIn('editor');
});

test('an editor builds a dashboard by dragging and resizing tiles, and the layout survives a reload', async ({
  page,
}) => {
  await page.goto('/dashboards');
  await main(page).getByRole('button', { name: 'Create dashboard' }).click();
  const create = page.getByRole('dialog', { name: 'Create dashboard' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Checkout latency');
  await create.getByLabel('Tags').fill('checkout, e2e');
  await create.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboards\/[0-9a-f]{24}$/);
  const id = page.url().split('/').at(-1)!;
  const bff = `/api/observability/v2/dashboards/${id}`;

  const editor = new DashboardEditorPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout latency' })).toBeVisible();
  await editor.addTile({ name: 'Requests', source: 'Traces (trace)', aggregation: 'Count' });
  await editor.addTile({
    name: 'Slow spans',
    source: 'Traces (trace)',
    aggregation: '95th percentile',
    field: 'Duration',
  });
  await editor.expectSaved();

  // Both placed in the first free space, side by side, and given server ids.
  let tiles = await storedTiles(page.request, bff);
  expect(tiles.map(({ name, x, y, w, h }) => ({ name, x, y, w, h }))).toEqual([
    { name: 'Requests', x: 0, y: 0, w: 12, h: 6 },
    { name: 'Slow spans', x: 12, y: 0, w: 12, h: 6 },
  ]);
  for (const tile of tiles) expect(tile.id).toMatch(OBJECT_ID);

  // Drag "Slow spans" by its handle into the row below "Requests".
  const requests = await editor.box('Requests');
  const slow = await editor.box('Slow spans');
  const save = page.waitForResponse(isDashboardSave);
  await editor.dragBy('Slow spans', requests.x - slow.x, requests.height + 40);
  expect((await save).status()).toBe(200);
  await editor.expectSaved();
  tiles = await storedTiles(page.request, bff);
  expect(byName(tiles, 'Slow spans')).toMatchObject({ x: 0, y: 6, w: 12, h: 6 });
  expect(byName(tiles, 'Requests')).toMatchObject({ x: 0, y: 0 });

  // Resize "Requests" from its corner: 4 columns narrower, 2 rows taller.
  const column = (requests.width + 10) / 12;
  await editor.resizeBy('Requests', -4 * column, 2 * 42);
  await editor.expectSaved();
  tiles = await storedTiles(page.request, bff);
  expect(byName(tiles, 'Requests')).toMatchObject({ x: 0, y: 0, w: 8, h: 8 });
  expect(byName(tiles, 'Slow spans')).toMatchObject({ x: 0, y: 8 });
  const ids = tiles.map((t) => t.id);

  // After a reload the grid shows the stored layout, and the tiles kept their server ids.
  const before = { requests: await editor.box('Requests'), slow: await editor.box('Slow spans') };
  await page.reload();
  await expect(editor.tile('Requests')).toBeVisible();
  expect(await editor.box('Requests')).toEqual(before.requests);
  expect(await editor.box('Slow spans')).toEqual(before.slow);
  expect((await storedTiles(page.request, bff)).map((t) => t.id)).toEqual(ids);
});

test('a tile moves and resizes with the keyboard, and undo brings it back', async ({ page }) => {
  const editor = new DashboardEditorPage(page);
  const bff = `/api/observability/v2/dashboards/${SERVICE_HEALTH}`;
  const start = byName(await storedTiles(page.request, bff), 'Errors (total)');
  await editor.goto(`/dashboards/${SERVICE_HEALTH}`);

  await editor.tile('Errors (total)').focus();
  await page.keyboard.press('ArrowRight');
  await expect(editor.announcer).toHaveText(`Moved Errors (total) to column ${start.x + 2}, row ${start.y + 1}.`);
  await editor.expectSaved();
  expect(byName(await storedTiles(page.request, bff), 'Errors (total)')).toMatchObject({
    x: start.x + 1,
    id: start.id,
  });

  await page.keyboard.press('Shift+ArrowDown');
  await expect(editor.announcer).toHaveText(`Resized Errors (total) to ${start.w} columns by ${start.h + 1} rows.`);
  await editor.expectSaved();
  expect(byName(await storedTiles(page.request, bff), 'Errors (total)')).toMatchObject({
    x: start.x + 1,
    h: start.h + 1,
  });

  // Ctrl+Z undoes the resize, the Undo button the move.
  await page.keyboard.press('Control+z');
  await editor.expectSaved();
  await editor.undoButton.click();
  await editor.expectSaved();
  expect(byName(await storedTiles(page.request, bff), 'Errors (total)')).toMatchObject({
    x: start.x,
    y: start.y,
    w: start.w,
    h: start.h,
    id: start.id,
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('tiles stack one per row at full width, hold still, and keep their stored layout', async ({ page }) => {
    const editor = new DashboardEditorPage(page);
    const bff = `/api/observability/v2/dashboards/${SERVICE_HEALTH}`;
    const before = await storedTiles(page.request, bff);
    await editor.goto(`/dashboards/${SERVICE_HEALTH}`);
    await expect(main(page).getByText('Tiles are shown one per row on a narrow screen')).toBeVisible();

    // Reading order: the stored top-left tile first, every tile as wide as the grid.
    const first = [...before].sort((a, b) => a.y - b.y || a.x - b.x)[0]!;
    const boxes = await Promise.all(before.map(async (t) => ({ name: t.name, box: await editor.box(t.name) })));
    const frame = await page.locator('[data-tile-grid]').boundingBox();
    for (const { box } of boxes) expect(Math.round(box.width)).toBe(Math.round(frame!.width - 20));
    expect(boxes.reduce((top, b) => (b.box.y < top.box.y ? b : top)).name).toBe(first.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // No drag handle, and arrow keys do not move what the user cannot see moving; the menu still works.
    const tile = editor.tile(first.name);
    await expect(tile.locator('[data-drag-handle]')).toHaveCount(0);
    await tile.focus();
    await page.keyboard.press('ArrowRight');
    await expect(editor.saveStatus).toHaveText('Saved');
    await expect(tile.getByRole('button', { name: `Actions for tile ${first.name}` })).toBeVisible();
    expect(await storedTiles(page.request, bff)).toEqual(before);
  });
});

test('editing a tile changes its chart', async ({ page }) => {
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${SERVICE_HEALTH}`);
  const tile = editor.tile('Errors (total)');
  const value = tile.getByTestId('tile-chart');
  await expect(value).toHaveText(/\d/);
  const before = await value.textContent();

  await editor.tileMenu('Errors (total)', 'Edit…');
  await expect(editor.tileDialog).toBeVisible();
  await expect(editor.tileDialog.getByLabel('Where').first()).toHaveValue('SeverityText:error');
  await editor.tileDialog.getByLabel('Name', { exact: true }).fill('Warnings (total)');
  const query = page.waitForRequest(
    (r) => r.url().endsWith('/charts/series') && r.postData()?.includes('SeverityText:warn') === true,
  );
  await editor.tileDialog.getByLabel('Where').first().fill('SeverityText:warn');
  // The preview asks for the new query while the dialog is open.
  await query;
  await editor.tileDialog.getByRole('button', { name: 'Save tile' }).click();
  await expect(editor.tileDialog).toBeHidden();

  const edited = editor.tile('Warnings (total)');
  await expect(edited.getByTestId('tile-chart')).toHaveText(/\d/);
  await expect(edited.getByTestId('tile-chart')).not.toHaveText(before!);
  await editor.expectSaved();
  const stored = byName(
    await storedTiles(page.request, `/api/observability/v2/dashboards/${SERVICE_HEALTH}`),
    'Warnings (total)',
  );
  expect(stored).toMatchObject({ series: [expect.objectContaining({ where: 'SeverityText:warn' })] });
});

test('an alert set on a tile with a webhook is listed, and the tile shows it', async ({ page }) => {
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${SERVICE_HEALTH}`);
  const tile = editor.tile('Requests by service');
  await expect(tile.getByText(/\d+ alerts?$/)).toHaveCount(0);

  await editor.tileMenu('Requests by service', 'Alert on this tile…');
  const dialog = page.getByRole('dialog', { name: 'Alert on this tile' });
  await expect(dialog).toContainText('Requests by service');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Traffic surge');
  await dialog.getByRole('spinbutton', { name: 'Threshold' }).fill('500');
  await dialog.getByLabel('Webhook').selectOption({ label: 'Ops Slack (slack)' });
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/observability/v2/alerts'),
  );
  await dialog.getByRole('button', { name: /Create alert|Save/ }).click();
  expect((await created).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(tile.getByText('1 alert')).toBeVisible();

  const alerts = (await (await page.request.get('/api/observability/v2/alerts')).json()) as {
    data: { name: string; tileId: string; dashboardId: string }[];
  };
  const stored = byName(
    await storedTiles(page.request, `/api/observability/v2/dashboards/${SERVICE_HEALTH}`),
    'Requests by service',
  );
  expect(alerts.data.find((a) => a.name === 'Traffic surge')).toMatchObject({
    dashboardId: SERVICE_HEALTH,
    tileId: stored.id,
  });
  await page.goto('/alerts');
  await expect(main(page).getByRole('table')).toContainText('Traffic surge');
});

test('a concurrent edit from another browser ends in the conflict dialog, and "Keep mine" saves mine', async ({
  page,
  browser,
}) => {
  const editor = new DashboardEditorPage(page);
  const bff = `/api/observability/v2/dashboards/${SERVICE_HEALTH}`;
  await editor.goto(`/dashboards/${SERVICE_HEALTH}`);
  await expect(editor.tile('Errors (total)')).toBeVisible();

  // Someone else moves "p95 latency" in their own browser.
  const other = await signedInPage(browser);
  const theirs = new DashboardEditorPage(other.page);
  await theirs.goto(`/dashboards/${SERVICE_HEALTH}`);
  await theirs.tile('p95 latency').focus();
  await other.page.keyboard.press('ArrowRight');
  await theirs.expectSaved();
  await other.context.close();

  // My move, based on the older version, is refused with 412.
  await editor.tile('Errors (total)').focus();
  const refused = page.waitForResponse((r) => isDashboardSave(r) && r.status() === 412);
  await page.keyboard.press('ArrowRight');
  await refused;
  await expect(editor.conflictDialog).toBeVisible();
  await expect(editor.conflictDialog.getByRole('region', { name: 'Your version' })).toContainText(
    'Errors (total) — column 10, row 7',
  );
  await expect(editor.conflictDialog.getByRole('region', { name: 'Saved by someone else' })).toContainText(
    'p95 latency — column 2, row 7',
  );
  await expect(editor.saveStatus).toHaveText('Not saved — changed elsewhere');

  await editor.conflictDialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(editor.conflictDialog).toBeHidden();
  await editor.expectSaved();
  const tiles = await storedTiles(page.request, bff);
  expect(byName(tiles, 'Errors (total)')).toMatchObject({ x: 9 });
  expect(byName(tiles, 'p95 latency')).toMatchObject({ x: 0 });
});

test('"Take theirs" replaces my draft with the stored version', async ({ page }) => {
  const editor = new DashboardEditorPage(page);
  const bff = `/api/observability/v2/dashboards/${SERVICE_HEALTH}`;
  await editor.goto(`/dashboards/${SERVICE_HEALTH}`);
  await expect(editor.tile('Errors')).toBeVisible();

  // A rename lands through the list page's path (GET + conditional PUT) meanwhile.
  const current = await page.request.get(bff);
  const body = (await current.json()) as { data: { name: string; tags: string[]; tiles: unknown[] } };
  const renamed = await page.request.put(bff, {
    data: { name: 'Service health (renamed)', tags: body.data.tags, tiles: body.data.tiles },
    headers: { origin: consoleUrl, 'if-match': current.headers().etag! },
  });
  expect(renamed.status()).toBe(200);

  await editor.tile('Errors').focus();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(editor.conflictDialog).toBeVisible();
  await editor.conflictDialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Service health (renamed)' })).toBeVisible();
  await expect(editor.saveStatus).toHaveText('Saved');
  expect(byName(await storedTiles(page.request, bff), 'Errors')).toMatchObject({ h: 6 });
  await expect(editor.gridItem('Errors')).toHaveCSS('height', '242px');
});

test('a failed save keeps the change, offers Retry, and survives a reload', async ({ page }) => {
  const editor = new DashboardEditorPage(page);
  const bff = `/api/observability/v2/dashboards/${SERVICE_HEALTH}`;
  const start = byName(await storedTiles(page.request, bff), 'p95 latency');
  await editor.goto(`/dashboards/${SERVICE_HEALTH}`);
  await expect(editor.tile('p95 latency')).toBeVisible();

  await emulator.addFault(
    { method: 'PUT', path: `/api/v2/dashboards/${SERVICE_HEALTH}`, status: 503 },
    'observability',
  );
  await editor.tile('p95 latency').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(editor.saveStatus).toContainText('Not saved');
  await expect(editor.saveStatus.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(byName(await storedTiles(page.request, bff), 'p95 latency')).toMatchObject({ w: start.w });

  // The tab reloads while the save is failing: the change is offered back.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const restore = main(page).getByRole('button', { name: 'Restore them' });
  await expect(main(page).getByText('Unsaved changes from earlier in this tab')).toBeVisible();
  await emulator.clearFaults('observability');
  await restore.click();
  await editor.expectSaved();
  expect(byName(await storedTiles(page.request, bff), 'p95 latency')).toMatchObject({ w: start.w + 1, id: start.id });

  // Saved now, so a reload offers nothing.
  await page.reload();
  await expect(editor.tile('p95 latency')).toBeVisible();
  await expect(main(page).getByText('Unsaved changes from earlier in this tab')).toHaveCount(0);
});

test('the BFF refuses a save without If-Match', async ({ page }) => {
  const response = await page.request.put(`/api/observability/v2/dashboards/${SERVICE_HEALTH}`, {
    data: { name: 'x', tags: [], tiles: [] },
    headers: { origin: consoleUrl },
  });
  expect(response.status()).toBe(428);
  expect(await response.json()).toMatchObject({ code: 'PRECONDITION_REQUIRED' });
});

test('the managed surface lists its dashboards, shows tile configuration and saves an edit', async ({ page }) => {
  await page.goto(servicePage('managed', 'dashboards'));
  await expect(main(page).getByRole('link', { name: 'Managed (this service)' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('table', { name: 'Dashboards' });
  const row = table.getByRole('row').filter({ hasText: 'Service overview' });
  await expect(row).toContainText('production');
  await expect(row.getByRole('cell').nth(1)).toHaveText('3');
  await row.getByRole('link', { name: 'Service overview' }).click();
  await expect(page).toHaveURL(/\/managed\/dashboards\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;

  const editor = new DashboardEditorPage(page);
  const tile = editor.tile('Errors');
  await expect(tile).toContainText('Chart data is not available through the managed API.');
  await expect(tile).toContainText('SeverityText:error');
  const bff = `${managedBase}/dashboards/${id}`;
  const start = byName(await storedTiles(page.request, bff), 'Errors');

  await tile.focus();
  await page.keyboard.press('Shift+ArrowDown');
  await editor.expectSaved();
  expect(byName(await storedTiles(page.request, bff), 'Errors')).toMatchObject({ id: start.id, h: start.h + 1 });
});

test('the list filters by name and tag in the URL, duplicates, retags and deletes', async ({ page }) => {
  await page.goto('/dashboards');
  const table = page.getByRole('table', { name: 'Dashboards' });
  await expect(table.getByRole('row')).toHaveCount(5);

  await main(page).getByLabel('Tag').selectOption('production');
  await expect(page).toHaveURL(/tag=production/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await main(page).getByRole('searchbox', { name: 'Name' }).fill('check');
  await expect(main(page).getByText('No dashboards match these filters')).toBeVisible();
  await page.goto('/dashboards?q=funnel');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Checkout funnel');

  await page.getByRole('button', { name: 'Actions for Checkout funnel' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Created “Checkout funnel (copy)”.' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Actions for Checkout funnel (copy)' }).click();
  await page.getByRole('menuitem', { name: 'Rename and tag…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename and tag dashboard' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Checkout funnel v2');
  await dialog.getByLabel('Tags').fill('checkout, beta');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Checkout funnel v2' })).toContainText('beta');

  await page.getByRole('button', { name: 'Actions for Checkout funnel v2' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete dashboard “Checkout funnel v2”?' });
  await confirm.getByRole('button', { name: 'Delete dashboard' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('a dashboard exported as JSON imports as a new one, and a bad file is refused with its problems named', async ({
  page,
}) => {
  await page.goto('/dashboards');
  await page.getByRole('button', { name: 'Actions for Infrastructure' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('infrastructure.dashboard.json');
  const exported = JSON.parse(
    await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')),
  ) as {
    name: string;
    tiles: StoredTile[];
  };

  const chooser = page.waitForEvent('filechooser');
  await main(page).getByRole('button', { name: 'Import JSON' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...exported, tiles: [{ ...exported.tiles[0], x: 20, w: 8 }] })),
  });
  await expect(main(page).getByRole('alert').filter({ hasText: 'The file could not be imported' })).toContainText(
    'tiles.0.w: x + w must be at most 24',
  );

  const chooser2 = page.waitForEvent('filechooser');
  await main(page).getByRole('button', { name: 'Import JSON' }).click();
  await (
    await chooser2
  ).setFiles({
    name: 'ok.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...exported, name: 'Infrastructure (imported)' })),
  });
  await expect(page).toHaveURL(/\/dashboards\/[0-9a-f]{24}$/);
  const id = page.url().split('/').at(-1)!;
  const tiles = await storedTiles(page.request, `/api/observability/v2/dashboards/${id}`);
  expect(tiles.map((t) => t.name)).toEqual(exported.tiles.map((t) => t.name));
  for (const [i, tile] of tiles.entries()) expect(tile.id).not.toBe(exported.tiles[i]!.id);
});
