/**
 * The shell on a phone-sized screen (no sideways scrolling, navigation behind "Menu") and with the
 * keyboard alone (skip link first, the create dialog opens, traps focus and gives focus back).
 */
import type { Page } from '@playwright/test';
import { KeysPage } from '../../pages/keys-page';
import { expect, hydrated, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

test.beforeEach(async () => {});

/** Whether the focused element sits inside an open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the keys page does not scroll sideways and the nav is behind "Menu"', async ({ page, signIn }) => {
    await signIn('admin');
    const keys = new KeysPage(page);
    await keys.goto();
    await expect(keys.row('CI deploy')).toBeVisible();

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    const nav = page.getByRole('navigation', { name: 'Console' });
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Account menu, signed in as admin (Admin)' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await nav.getByRole('link', { name: 'Private endpoints' }).click();
    await page.waitForURL((url) => url.pathname === servicePage('endpoints'));
    await expect(page.getByRole('table', { name: 'Private endpoints' })).toBeVisible();
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

/**
 * Whether an element lies wholly inside the visible part of its scroll region (not cut off at an edge);
 * false while it is not in one (a row being rendered again).
 */
const wholeInRegion = (locator: import('@playwright/test').Locator) =>
  locator.evaluate((element) => {
    const region = element.closest('[role="region"]');
    if (!region) return false;
    const box = element.getBoundingClientRect();
    const frame = region.getBoundingClientRect();
    return box.width > 0 && box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5;
  });

test.describe('the pipes table', () => {
  test("at 390 px keeps each pipe's name, state and rate whole: the rate and source fold under the name", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('viewer');
    await page.goto(servicePage('pipes'));
    await hydrated(page);
    const table = main(page).getByRole('table', { name: 'Pipes' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Orders events' }) });
    await expect(row).toBeVisible();
    // Nothing in the table is cut off at its right edge, and nothing scrolls sideways.
    expect(
      await table.evaluate(
        (element) => element.closest('[role="region"]')!.scrollWidth <= element.closest('[role="region"]')!.clientWidth,
      ),
    ).toBe(true);
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'State']);
    const name = row.getByRole('link', { name: 'Orders events' });
    const state = row.getByRole('cell').first();
    const rate = row.getByText(/^Rows now/);
    await expect(rate).toBeVisible();
    await expect(row.getByRole('rowheader').getByText('Apache Kafka')).toBeVisible();
    for (const part of [name, state, rate]) await expect.poll(() => wholeInRegion(part)).toBe(true);
    await expect(state).toContainText('Running');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('at 1280 px keeps its columns, the rate in its own', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn('viewer');
    await page.goto(servicePage('pipes'));
    const table = main(page).getByRole('table', { name: 'Pipes' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'State',
      'Rows now',
      'Source',
      'Destination table',
      'Created',
      'Updated',
    ]);
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Orders events' }) });
    await expect(row.getByText(/^Rows now/)).toBeHidden();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Apache Kafka');
  });
});

test.describe('keyboard', () => {
  test('Tab reaches "Skip to content" first, and it moves focus to the main region', async ({ page, signIn }) => {
    await signIn('admin');
    await new KeysPage(page).goto();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(main(page)).toBeFocused();
  });

  test('the create dialog opens with Enter, traps focus and closes with Escape', async ({ page, signIn }) => {
    await signIn('admin');
    const keys = new KeysPage(page);
    await keys.goto();

    await keys.createButton.focus();
    await page.keyboard.press('Enter');
    const dialog = keys.createDialog;
    await expect(dialog).toBeVisible();
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toBeFocused();

    // Backwards from the first field wraps to the dialog's last control, forwards wraps back.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(name).toBeFocused();

    // A full round of Tab never leaves the dialog and comes back to the first field.
    let returned = false;
    for (let step = 0; step < 40 && !returned; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `focus after ${step + 1} Tab presses`).toBe(true);
      returned = await name.evaluate((element) => element === document.activeElement);
    }
    expect(returned).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(keys.createButton).toBeFocused();
  });
});

test('a page asks the server for no other page until a link is pointed at; then that page is fetched ahead', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc')) asked.push(url.pathname);
  });
  const keys = new KeysPage(page);
  await keys.goto();
  await expect(keys.row('CI deploy')).toBeVisible();
  // Next would prefetch the links on screen once the page is idle: wait until it has been, with
  // the network quiet (Playwright's networkidle: no request for 500 ms) and two idle callbacks run.
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(asked).toEqual([]);

  const pipes = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pipes' });
  await pipes.hover();
  await expect.poll(() => asked).toContain(servicePage('pipes'));
  await pipes.click();
  await page.waitForURL((url) => url.pathname === servicePage('pipes'));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Pipes' })).toBeVisible();
});
