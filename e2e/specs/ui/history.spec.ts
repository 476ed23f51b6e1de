/**
 * History as an editor uses it: a dashboard edited twice, its History read (who and what changed),
 * two versions compared with the JSON diff, an older one restored and seen in the editor; then
 * the dashboard deleted and brought back from Recently deleted.
 */
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { E2E } from '../../fixtures/env';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

test.beforeEach(async ({ signIn }) => {
  await signIn('editor');
});

test('a dashboard edited twice shows its versions, compares two, restores the older one, and comes back after a delete', async ({
  page,
}) => {
  await page.goto('/dashboards');
  await main(page).getByRole('button', { name: 'Create dashboard' }).click();
  const create = page.getByRole('dialog', { name: 'Create dashboard' });
  await create.getByRole('textbox', { name: 'Name' }).fill('History e2e');
  await create.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboards\/[0-9a-f]{24}$/);
  const id = page.url().split('/').at(-1)!;

  const editor = new DashboardEditorPage(page);
  await editor.addTile({ name: 'Requests', source: 'Traces (trace)', aggregation: 'Count' });
  await editor.expectSaved();
  await editor.addTile({ name: 'Errors by host', source: 'Traces (trace)', aggregation: 'Count' });
  await editor.expectSaved();

  await main(page).getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'History of “History e2e”' });
  const versions = history.getByRole('table', { name: 'Versions' });
  const rows = versions.getByRole('row');
  // Newest first, each with its author and what changed.
  await expect(rows.nth(1)).toContainText("added tile 'Errors by host'");
  await expect(rows.nth(1)).toContainText(E2E.users.editor.name);
  await expect(rows.nth(2)).toContainText("added tile 'Requests'");
  await expect(rows.nth(3)).toContainText('created');
  const newest = Number(
    await rows
      .nth(1)
      .getByRole('cell')
      .nth(1)
      .innerText()
      .then((text) => text.split(' ')[0]),
  );
  const older = newest - 1;

  await history.getByRole('checkbox', { name: `Select version ${older}` }).check();
  await history.getByRole('checkbox', { name: `Select version ${newest}` }).check();
  await history.getByRole('button', { name: 'Compare' }).click();
  const compare = history.getByRole('region', { name: `Compare versions ${older} and ${newest}` });
  await expect(compare.getByRole('list', { name: 'Changed tiles' })).toContainText('Added “Errors by host”');
  await compare.getByRole('button', { name: 'Show JSON diff' }).click();
  await expect(compare.getByLabel('JSON diff of the changed parts')).toContainText("added 'Errors by host'");
  await compare.getByRole('button', { name: 'Back to versions' }).click();
  // The versions are the console's table: sorted from a header, the order kept in the URL under its prefix.
  const versionHeader = versions.getByRole('columnheader', { name: 'Version' });
  // A number sorts highest first on the first press, as the newest-first list already is.
  await versionHeader.getByRole('button', { name: 'Version' }).click();
  await expect(versionHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]versions\.sort=-version(&|$)/);
  await versionHeader.getByRole('button', { name: 'Version' }).click();
  await expect(versionHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/[?&]versions\.sort=version(&|$)/);
  await expect(rows.nth(1)).toContainText('created');
  // Closed, the dialog takes its order out of the URL in place: no reload (the mark set here stays), no new page.
  await page.evaluate(() => ((window as { historyMark?: string }).historyMark = 'same page'));
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await expect(page).not.toHaveURL(/versions\./);
  expect(await page.evaluate(() => (window as { historyMark?: string }).historyMark)).toBe('same page');
  // Opened again, it starts newest first.
  await main(page).getByRole('button', { name: 'History', exact: true }).click();
  await expect(rows.nth(1)).toContainText("added tile 'Errors by host'");
  await expect(versionHeader).toHaveAttribute('aria-sort', 'none');

  await history.getByRole('button', { name: `Restore version ${older}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Restore version ${older}?` });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version ${older} restored` })).toBeVisible();
  // The editor starts again from the restored dashboard: one tile, as in that version.
  await expect(editor.tile('Requests')).toBeVisible();
  await expect(editor.tile('Errors by host')).toHaveCount(0);
  const stored = await page.request.get(`/api/observability/v2/dashboards/${id}`);
  expect(
    ((await stored.json()) as { data: { tiles: { name: string }[] } }).data.tiles.map((tile) => tile.name),
  ).toEqual(['Requests']);

  await page.goto('/dashboards');
  await page.getByRole('button', { name: 'Actions for History e2e' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete dashboard “History e2e”?' });
  await remove.getByRole('button', { name: 'Delete dashboard' }).click();
  await expect(remove).toBeHidden();

  await main(page).getByRole('link', { name: 'Recently deleted' }).click();
  const deleted = main(page).getByRole('table', { name: 'Recently deleted' });
  await expect(deleted.getByRole('row').filter({ hasText: 'History e2e' })).toContainText(E2E.users.editor.name);
  await deleted.getByRole('button', { name: 'Restore History e2e' }).click();
  await page
    .getByRole('alertdialog', { name: 'Restore “History e2e”?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page).toHaveURL(/\/dashboards\/[0-9a-f]{24}$/);
  expect(page.url()).not.toContain(id);
  await expect(page.getByRole('heading', { level: 1, name: 'History e2e' })).toBeVisible();
  await expect(editor.tile('Requests')).toBeVisible();
});

test('a deleted pipe opens in the wizard with its last definition, to be created again', async ({ page }) => {
  // Reading the pipe stores its first version; deleting it keeps that as its last definition.
  await page.goto(servicePage('pipes'));
  await main(page).getByRole('link', { name: 'Daily export backfill' }).click();
  await expect(main(page).getByRole('heading', { name: 'Daily export backfill' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete pipe “Daily export backfill”?' })
    .getByRole('button', { name: 'Delete pipe' })
    .click();
  await expect(page).toHaveURL(/\/pipes$/);

  await page.goto('/deleted');
  const row = main(page)
    .getByRole('table', { name: 'Recently deleted' })
    .getByRole('row', { name: /Daily export backfill/ });
  await expect(row).toContainText('Pipe');
  await row.getByRole('button', { name: 'Open Daily export backfill in the wizard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Open in wizard' }).click();

  await expect(page).toHaveURL(/\/pipes\/new$/);
  await expect(main(page).getByRole('heading', { name: 'Connection' })).toBeVisible();
  await expect(main(page).getByRole('textbox', { name: 'URL' })).toHaveValue(
    'https://exports.example-bucket.internal/daily/*.json.gz',
  );
  await page
    .getByRole('navigation', { name: 'Wizard steps' })
    .getByRole('button', { name: /Source kind/ })
    .click();
  await expect(main(page).getByRole('textbox', { name: 'Pipe name' })).toHaveValue('Daily export backfill');
});
