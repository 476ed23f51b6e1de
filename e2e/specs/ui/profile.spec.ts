/**
 * The profile menu: who is signed in, with which role and how, and a password change for local
 * users that ends their other sessions.
 */
import type { Page } from '@playwright/test';
import { E2E, consoleUrl } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const user = E2E.users.profile;
const NEW_PASSWORD = 'e2e-profile-password-2';

async function signInWith(page: Page, password: string): Promise<number> {
  const response = await page.request.post('/api/session', {
    data: { username: user.name, password },
    headers: { origin: consoleUrl },
  });
  return response.status();
}

test.afterEach(async ({ browser }) => {
  // Puts the first password back whatever happened, so the next run starts the same.
  const context = await browser.newContext({ baseURL: consoleUrl });
  const page = await context.newPage();
  if ((await signInWith(page, NEW_PASSWORD)) === 200) {
    await page.request.post('/api/session/password', {
      data: { currentPassword: NEW_PASSWORD, newPassword: user.password },
      headers: { origin: consoleUrl },
    });
  }
  await context.close();
});

test('a local user sees who they are and changes their password; their other sessions end', async ({
  page,
  browser,
}) => {
  const other = await browser.newContext({ baseURL: consoleUrl });
  const otherPage = await other.newPage();
  expect(await signInWith(otherPage, user.password)).toBe(200);

  expect(await signInWith(page, user.password)).toBe(200);
  await page.goto(servicePage('pipes'));
  await page.getByRole('button', { name: `Account menu, signed in as ${user.name} (Editor)` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(`Signed in as ${user.name}`);
  await expect(menu).toContainText('Role: Editor');
  await expect(menu).toContainText('Signed in with a console password');
  await menu.getByRole('menuitem', { name: 'Change password…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const form = dialog.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Repeat new password', { exact: true }).fill('something-else');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The two new passwords do not match')).toBeVisible();

  await form.getByLabel('Repeat new password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('This is not your current password')).toBeVisible();

  await form.getByLabel('Current password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Password changed. Your other sessions have ended.' }),
  ).toBeVisible();

  // This browser stays signed in; the other one is out; the new password is the one that works.
  expect((await page.request.get('/api/session')).status()).toBe(200);
  expect((await otherPage.request.get('/api/session')).status()).toBe(401);
  expect(await signInWith(otherPage, user.password)).toBe(401);
  expect(await signInWith(otherPage, NEW_PASSWORD)).toBe(200);
  await other.close();
  // The afterEach puts the first password back, which ends this page's session too: a page left
  // open would be sent to the sign-in page while its context closes (a teardown that can hang).
  await page.close();
});

test('the built-in admin, whose password CONSOLE_ADMIN_PASSWORD sets, is told why there is no password change and what to do', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto(servicePage('pipes'));
  await page.getByRole('button', { name: 'Account menu, signed in as admin (Admin)' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Signed in with a console password');
  await expect(menu).toContainText(
    'Your password is set by CONSOLE_ADMIN_PASSWORD where the console runs, so it cannot be changed here: change that variable and restart the console.',
  );
  await expect(menu.getByRole('menuitem', { name: 'Change password…' })).toHaveCount(0);
});
