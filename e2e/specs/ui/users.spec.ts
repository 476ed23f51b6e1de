/**
 * The Users page: an admin adds a person (password shown once), changes their role in place (their
 * open session sees it at once), gives them a role on one service, resets their password and
 * removes them; each change is in the audit log. Others see that only admins manage users.
 */
import type { APIRequestContext } from '@playwright/test';
import { E2E, consoleUrl } from '../../fixtures/env';
import { expect, main, test } from '../../fixtures/test';

const NAME = `nina-${Date.now().toString(36)}`;

async function signInAs(request: APIRequestContext, name: string, password: string): Promise<number> {
  const response = await request.post('/api/session', {
    data: { username: name, password },
    headers: { origin: consoleUrl },
  });
  return response.status();
}

async function sessionOf(
  request: APIRequestContext,
): Promise<{ status: number; role?: string; services?: Record<string, string> }> {
  const response = await request.get('/api/session');
  if (response.status() !== 200) return { status: response.status() };
  const body = (await response.json()) as { user: { role: string; services?: Record<string, string> } };
  return { status: 200, role: body.user.role, services: body.user.services };
}

test('an admin adds a user, changes their roles in place, resets their password and removes them', async ({
  page,
  signIn,
  browser,
}) => {
  await signIn('admin');
  await page.goto('/users');
  const table = main(page).getByRole('table', { name: 'Console users' });
  await expect(table.getByRole('row', { name: /admin/ })).toContainText('Password from CONSOLE_ADMIN_PASSWORD');
  await expect(table.getByRole('row', { name: new RegExp(E2E.users.editor.name) })).toContainText('Editor');
  // At 1280 px the whole table fits its region once drawn: no row's actions menu is scrolled out of view.
  await expect
    .poll(() => table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0)))
    .toBe(true);

  // Add: a name the server refuses is named on its field, and what was typed stays.
  await main(page).getByRole('button', { name: 'Add user' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add user' });
  await addDialog.getByLabel('User name').fill('Not Valid');
  await addDialog.getByRole('button', { name: 'Add user' }).click();
  await expect(addDialog.getByText(/Name must start with a lowercase letter/)).toBeVisible();
  await addDialog.getByLabel('User name').fill(NAME);
  await addDialog.getByRole('button', { name: 'Add user' }).click();

  const shown = page.getByRole('dialog', { name: `User “${NAME}” added` });
  const password = await shown.getByLabel('Password', { exact: true }).inputValue();
  expect(password.length).toBeGreaterThanOrEqual(20);
  await shown.getByRole('button', { name: 'I have passed it on' }).click();
  await expect(table.getByRole('row', { name: new RegExp(NAME) })).toContainText('Viewer');

  // The new person signs in elsewhere with that password, as a viewer.
  const other = await browser.newContext({ baseURL: consoleUrl });
  expect(await signInAs(other.request, NAME, password)).toBe(200);
  expect(await sessionOf(other.request)).toMatchObject({ status: 200, role: 'viewer' });
  expect((await other.request.get('/api/users')).status()).toBe(403);

  // Role changed in place: their open session has it on its next request.
  const row = table.getByRole('row', { name: new RegExp(NAME) });
  await row.getByLabel(`Role of ${NAME}`).selectOption('editor');
  await expect(page.getByRole('status').filter({ hasText: `Roles of “${NAME}” saved` })).toBeVisible();
  await expect.poll(async () => (await sessionOf(other.request)).role).toBe('editor');

  // A role on one service only.
  await row.getByRole('button', { name: `Actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Per-service roles…' }).click();
  const servicesDialog = page.getByRole('dialog', { name: `Per-service roles of “${NAME}”` });
  const serviceSelect = servicesDialog.getByRole('combobox').first();
  await expect(serviceSelect).toHaveValue('');
  await serviceSelect.selectOption('admin');
  await servicesDialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(servicesDialog).toBeHidden();
  await expect(row).toContainText(/Admin in /);
  await expect.poll(async () => Object.values((await sessionOf(other.request)).services ?? {})).toEqual(['admin']);

  // Reset: the old password stops working, the new one is shown once, the open session ends.
  await row.getByRole('button', { name: `Actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Reset password…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset password' }).click();
  const reset = page.getByRole('dialog', { name: `New password for “${NAME}”` });
  const newPassword = await reset.getByLabel('Password', { exact: true }).inputValue();
  expect(newPassword).not.toBe(password);
  await reset.getByRole('button', { name: 'I have passed it on' }).click();
  expect((await sessionOf(other.request)).status).toBe(401);
  expect(await signInAs(other.request, NAME, password)).toBe(401);
  expect(await signInAs(other.request, NAME, newPassword)).toBe(200);

  // Remove: their session ends, the row goes.
  await row.getByRole('button', { name: `Actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Remove…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove user' }).click();
  await expect(page.getByRole('status').filter({ hasText: `User “${NAME}” removed` })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
  expect((await sessionOf(other.request)).status).toBe(401);
  await other.close();

  // Every change is in the audit log under the person's name.
  const audit = await page.request.get(`/api/audit?limit=50`);
  const operations = ((await audit.json()) as { events: { operation: string; targetName: string | null }[] }).events
    .filter((event) => event.targetName === NAME)
    .map((event) => event.operation);
  expect(operations).toEqual(
    expect.arrayContaining(['user.create', 'user.update', 'user.password-reset', 'user.delete']),
  );
});

test('only admins see and manage users', async ({ page, signIn }) => {
  await signIn('editor');
  await page.goto('/users');
  await expect(main(page).getByText('Only admins can see and manage users. Your role is Editor')).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveCount(0);
  expect((await page.request.get('/api/users')).status()).toBe(403);
});
