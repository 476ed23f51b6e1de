/**
 * Signing in and out through the sign-in page: errors stay in the form, a signed-out visit comes
 * back to the page it asked for, and signing out really ends the session.
 */
import type { Page } from '@playwright/test';
import { E2E } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

test.beforeEach(async () => {});

const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });

async function submitSignIn(page: Page, username: string, password: string): Promise<number> {
  const form = signInForm(page);
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session' && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  return response.status();
}

test.describe('sign-in page', () => {
  test('a wrong password shows the error inside the form and keeps the username', async ({ page }) => {
    await page.goto('/login');
    const form = signInForm(page);
    await expect(form).toBeVisible();

    expect(await submitSignIn(page, E2E.users.admin.name, 'not-the-password')).toBe(401);

    await expect(form.getByRole('alert')).toHaveText('Incorrect username or password.');
    await expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue(E2E.users.admin.name);
    await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the right password lands on the overview with the user menu and what the console manages', async ({ page }) => {
    await page.goto('/login');
    expect(await submitSignIn(page, E2E.users.admin.name, E2E.users.admin.password)).toBe(200);

    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Account menu, signed in as admin (Admin)' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const managed = page.getByRole('definition').filter({ hasText: 'Acme Analytics' });
    await expect(managed).toBeVisible();
    // Failing pipes, keys expiring soon, every service with its pipes by state, and dashboards.
    const main = page.getByRole('main');
    await expect(main.getByRole('list', { name: 'Pipes of Production by state' })).toContainText('3 Running');
    await expect(main.getByRole('list', { name: 'Failed pipes' })).toContainText('Legacy audit log');
    for (const title of ['Failing pipes', 'API keys expiring soon', 'Services', 'Dashboards']) {
      await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
  });

  test('a signed-out visit goes to the sign-in page and returns to the page asked for', async ({ page }) => {
    await page.goto(servicePage('endpoints'));
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === servicePage('endpoints'),
    );
    await expect(signInForm(page)).toBeVisible();

    expect(await submitSignIn(page, E2E.users.admin.name, E2E.users.admin.password)).toBe(200);

    await page.waitForURL((url) => url.pathname === servicePage('endpoints'));
    await expect(page.getByRole('heading', { level: 1, name: 'Private endpoints' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Private endpoints' })).toBeVisible();
  });

  test('signing out returns to the sign-in page and the console is closed again', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/keys');
    await page.getByRole('button', { name: 'Account menu, signed in as admin (Admin)' }).click();
    const [signOut] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session' && r.request().method() === 'DELETE'),
      page.getByRole('menuitem', { name: 'Sign out' }).click(),
    ]);
    expect(signOut.status()).toBe(204);

    await page.waitForURL((url) => url.pathname === '/login');
    await expect(signInForm(page)).toBeVisible();

    await page.goto('/keys');
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '?next=%2Fkeys');
    await expect(signInForm(page)).toBeVisible();
    expect((await page.request.get('/api/session')).status()).toBe(401);
  });
});
