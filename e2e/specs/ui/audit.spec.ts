/**
 * The audit log as an admin reads it: a change made in the UI and a failed sign-in show up newest
 * first, filters narrow the list and survive in the URL, and the CSV export holds the same rows.
 * Others do not see it. The log outlives a run of the suite, so every check filters to what this
 * test did.
 */
import { readFileSync } from 'node:fs';
import { KeysPage } from '../../pages/keys-page';
import { E2E, consoleUrl } from '../../fixtures/env';
import { expect, main, test } from '../../fixtures/test';

test('an admin finds a change and a failed sign-in, filters them and exports them', async ({ page, signIn }) => {
  const failed = await page.request.post('/api/session', {
    data: { username: E2E.users.editor.name, password: 'not-the-password' },
    headers: { origin: consoleUrl },
  });
  expect(failed.status()).toBe(401);

  await signIn('admin');
  const keys = new KeysPage(page);
  await keys.goto();
  await keys.rowAction('CI deploy', 'Disable');
  const disable = page.getByRole('alertdialog', { name: 'Disable key “CI deploy”?' });
  const changed = await keys.submitAndWait(disable.getByRole('button', { name: 'Disable key' }), 'PATCH');
  const requestId = changed.headers()['x-request-id'];

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  const table = page.getByRole('table', { name: 'Audit log' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Change API key');
  await expect(firstRow).toContainText('CI deploy');
  // What changed, in a person's words (the key's history), not the body's field names.
  await expect(firstRow).toContainText('disabled');
  await expect(firstRow).not.toContainText('state=disabled');
  await expect(firstRow).toContainText('Succeeded · 200');
  await expect(firstRow).toContainText(requestId!);

  // The failed sign-in, reached by clicking the user's name.
  const eddie = table.getByRole('button', { name: E2E.users.editor.name }).first();
  await eddie.click();
  await expect(page).toHaveURL(/\/audit\?user=eddie$/);
  await expect(table.getByRole('row').nth(1)).toContainText('Sign in');
  await expect(table.getByRole('row').nth(1)).toContainText('Failed · 401');
  await expect(table.getByRole('row').nth(1)).toContainText('INVALID_CREDENTIALS');

  // Filters: admin's key changes only.
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByRole('textbox', { name: 'User' }).fill('admin');
  await filters.getByRole('combobox', { name: 'Operation' }).selectOption({ label: 'Change API key' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/audit\?user=admin&operation=key\.update$/);
  await expect(table.getByRole('row').nth(1)).toContainText(requestId!);
  for (const row of await table.getByRole('row').all()) await expect(row).not.toContainText('Sign in');

  // The export holds the same events, filtered alike.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sluice-audit-.*\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Time (UTC),User,Role,Signed in with,Operation');
  expect(csv).toContain(`,admin,admin,password,Change API key,key.update,API key,`);
  expect(csv).toContain(requestId);
  expect(csv).not.toContain('session.sign-in');

  // A filter nothing matches says so.
  await filters.getByRole('textbox', { name: 'User' }).fill('nobody-at-all');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(main(page).getByRole('heading', { name: 'No events match these filters' })).toBeVisible();
});

test('the audit log is for admins only', async ({ page, signIn }) => {
  await signIn('editor');
  await page.goto('/audit');
  await expect(main(page).getByText('Only admins can see the audit log.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' })).toHaveCount(
    0,
  );
  expect((await page.request.get('/api/audit')).status()).toBe(403);
});

test('the page’s heading and description are in its first paint, before the streamed view', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const html = await (await page.request.get('/audit')).text();
  // What follows the first hidden part is revealed by a script after the first paint.
  const firstPaint = html.split('<div hidden id="S:')[0];
  expect(firstPaint).toContain('Every change made through Sluice, every sign-in and every failed attempt');
  await page.goto('/audit');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Audit log' })).toHaveCount(1);
  await expect(main(page).getByRole('button', { name: 'Newer' })).toBeVisible();
});
