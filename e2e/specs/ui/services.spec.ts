/**
 * The service is part of every service page's URL: the shell's switcher moves between the
 * organization's services keeping the kind of page, the last one used is the next visit's default,
 * today's URLs redirect to it, and an id the organization does not have is a 404, in the pages and
 * in the BFF. Services are found as the emulator seeds them, never by a hard-coded name.
 */
import type { Page } from '@playwright/test';
import { E2E } from '../../fixtures/env';
import { expect, main, test } from '../../fixtures/test';
import { pipeNamesOf, seededServices, servicePage, servicePageOf, type SeededService } from '../../pages/service-pages';
import { pipeIdByName } from '../../pages/upstream';

const FOREIGN_SERVICE = '0f0e0d0c-0b0a-4908-8706-050403020100';

const switcher = (page: Page) => page.getByRole('button', { name: /^Service: .*\. Switch service$/ });

/** Another service of the organization, preferring one that runs. */
async function otherService(): Promise<SeededService> {
  const others = (await seededServices()).filter((service) => service.id !== E2E.serviceId);
  const other = others.find((service) => service.state === 'running') ?? others[0];
  if (!other) throw new Error('the emulator seeds only one service');
  return other;
}

test.afterEach(async ({ page }) => {
  // The switch is remembered per user: leave the suite's user on its default service for later specs.
  await page.goto(servicePage('pipes'));
});

test("switching services shows the other service's pipes, and is remembered for the next visit", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const other = await otherService();
  const otherPipes = await pipeNamesOf(other.id);
  const ownOnly = (await pipeNamesOf(E2E.serviceId)).filter((name) => !otherPipes.includes(name));
  expect(ownOnly.length).toBeGreaterThan(0);

  await page.goto(servicePage('pipes'));
  await expect(main(page).getByRole('link', { name: ownOnly[0], exact: true })).toBeVisible();
  await switcher(page).click();
  const item = page.getByRole('menuitemradio', { name: new RegExp(`^${other.name}`) });
  await expect(item).toContainText(other.region ?? '');
  await item.click();

  await page.waitForURL((url) => url.pathname === servicePageOf(other.id, 'pipes'));
  await expect(switcher(page)).toHaveAccessibleName(`Service: ${other.name}. Switch service`);
  if (otherPipes[0]) await expect(main(page).getByRole('link', { name: otherPipes[0], exact: true })).toBeVisible();
  else await expect(main(page).getByRole('heading', { name: 'No pipes on this service yet' })).toBeVisible();
  for (const name of ownOnly) await expect(main(page).getByRole('link', { name, exact: true })).toHaveCount(0);

  // The next visit starts there: an old bookmark and the nav's Pipes link both open the other service.
  await page.goto('/pipes');
  await page.waitForURL((url) => url.pathname === servicePageOf(other.id, 'pipes'));
  await page.goto('/keys');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pipes' })).toHaveAttribute(
    'href',
    servicePageOf(other.id, 'pipes'),
  );
});

test('the switcher works from the keyboard, and from a pipe it opens the other service’s pipes list', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const other = await otherService();
  await page.goto(servicePage('pipes', await pipeIdByName('Legacy audit log')));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Legacy audit log' })).toBeVisible();

  await switcher(page).focus();
  // The menu's code takes over from the button rendered with the page; it keeps the focus.
  await expect(switcher(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(switcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const own = (await seededServices()).find((service) => service.id === E2E.serviceId);
  await expect(menu.getByRole('menuitemradio', { checked: true })).toContainText(own?.name ?? E2E.serviceId);
  const target = menu.getByRole('menuitemradio', { name: new RegExp(`^${other.name}`) });
  // Radix moves the highlight with the arrow keys; press until the other service has it, each press
  // waiting for the focus to move (a press before the last one landed would step past the target).
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 10 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).not.toBe(before);
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === servicePageOf(other.id, 'pipes'));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Pipes' })).toBeVisible();
});

test('an old URL redirects to the default service’s page and keeps its query string', async ({ page, signIn }) => {
  await signIn('admin');
  const pipeId = await pipeIdByName('Legacy audit log');
  for (const [old, now] of [
    ['/pipes?kind=postgres&state=Running', `${servicePage('pipes')}?kind=postgres&state=Running`],
    [`/pipes/${pipeId}?range=24h`, `${servicePage('pipes', pipeId)}?range=24h`],
    ['/pipes/new', servicePage('pipes', 'new')],
    ['/scaling', servicePage('scaling')],
    ['/endpoints', servicePage('endpoints')],
    ['/managed/dashboards', servicePage('managed', 'dashboards')],
  ]) {
    const response = await page.request.get(old!, { maxRedirects: 0 });
    expect(response.status(), old).toBe(307);
    expect(response.headers().location, old).toBe(now);
  }
  await page.goto('/pipes?kind=postgres');
  await page.waitForURL((url) => url.pathname === servicePage('pipes') && url.search === '?kind=postgres');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Pipes' })).toBeVisible();
});

test('an unknown service id shows a 404 page naming it, and the BFF answers 404 for it', async ({ page, signIn }) => {
  await signIn('viewer');
  const response = await page.goto(servicePageOf(FOREIGN_SERVICE, 'pipes'));
  expect(response?.status()).toBe(404);
  await expect(
    main(page).getByRole('heading', { level: 1, name: 'No such service in this organization' }),
  ).toBeVisible();
  await expect(main(page)).toContainText(FOREIGN_SERVICE);
  // The shell's links keep to a service the organization has.
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pipes' })).toHaveAttribute(
    'href',
    servicePage('pipes'),
  );
  await main(page).getByRole('link', { name: 'Go to the overview' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  const bff = await page.request.get(
    `/api/cloud/v1/organizations/${E2E.organizationId}/services/${FOREIGN_SERVICE}/datapipes`,
  );
  expect(bff.status()).toBe(404);
  expect(await bff.json()).toMatchObject({
    code: 'SERVICE_NOT_FOUND',
    error: `No such service in this organization: ${FOREIGN_SERVICE}`,
  });
});
