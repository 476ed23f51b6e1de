/**
 * The overview's cards start their reads with the page, on the server, side by side: each card
 * arrives painted in the page's HTML, and a card whose upstream is slow says what it waits for
 * while the others show what they have.
 */
import type { Page } from '@playwright/test';
import { emulator } from '../../fixtures/emulator';
import { E2E } from '../../fixtures/env';
import { expect, hydrated, hydratedPart, main, test } from '../../fixtures/test';
import { seededServices, servicePage } from '../../pages/service-pages';
import { pipeIdByName } from '../../pages/upstream';

test.afterEach(async () => {
  await emulator.clearFaults('cloud');
});

/** The overview's HTML as the server sends it: what paints first, and the cards streamed in hidden parts after it. */
async function sentParts(page: Page): Promise<{ firstPaint: string; streamed: string }> {
  const [firstPaint = '', ...streamed] = (await (await page.request.get('/')).text()).split('<div hidden id="S:');
  return { firstPaint, streamed: streamed.join('') };
}

test('every card is in the page as it arrives from the server, before any script runs', async ({ page, signIn }) => {
  await signIn('viewer');
  const html = await (await page.request.get('/')).text();
  // The failed pipe, the keys expiring soon, every service and the dashboards: data, not waiting.
  expect(html).toContain('Legacy audit log');
  expect(html).toContain('Service health');
  expect(html).toMatch(/CI deploy.*Expires in \d+ days/);
});

test('each card is sent drawn with its data, and the page hydrates without throwing the server’s HTML away', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  // The cards stream in after the first paint, each in a hidden part; none of them is sent waiting.
  const { streamed } = await sentParts(page);
  expect(streamed).toContain('aria-label="Failed pipes"');
  expect(streamed).toMatch(/role="region" aria-label="Services"/);
  expect(streamed).not.toContain('Waiting for the cloud API');
  // React's hydration mismatch (#418) is thrown as a page error; the shell's own services read,
  // answering before a card hydrated, used to cause it.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (let load = 0; load < 3; load++) {
    await page.goto('/');
    await hydrated(page);
    // Each card hydrates apart (its own Suspense boundary): wait until the last two have.
    await hydratedPart(main(page).getByRole('list', { name: 'Failed pipes' }));
    await hydratedPart(main(page).getByRole('table', { name: 'Services' }));
  }
  expect(errors).toEqual([]);
});

test('the heading and its description are the same words in the first paint and once the page has loaded', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  const { firstPaint } = await sentParts(page);
  expect(firstPaint).toContain('Every service of the organization this console manages');
  await page.goto('/');
  await hydrated(page);
  await expect(main(page).getByRole('table', { name: 'Services' })).toBeVisible();
  // Nothing read later (the organization's name, a count) replaces the description, the page's largest text on a phone.
  await expect(main(page).getByText(/^Every service of the organization this console manages/)).toBeVisible();
});

test('the services card’s note, the widest text on a desktop, is in the first paint, before the cards stream in', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  // What follows the first hidden part (the cards as their reads answer) is revealed by a script after the first paint.
  const { firstPaint } = await sentParts(page);
  expect(firstPaint).toContain('Pipe states as the newest metrics scrape saw them');
  await page.goto('/');
  const services = main(page).getByRole('region', { name: 'Services' });
  await expect(services.getByRole('table')).toBeVisible();
  await expect(services.getByText(/^Pipe states as the newest metrics scrape saw them/)).toHaveCount(1);
});

test('a card whose upstream is slow says what it waits for, while the others show what they have', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  // The keys read answers after the page's own read has given up (1.5 s), so the browser waits for it.
  await emulator.addFault({ method: 'GET', path: 're:/keys$', latencyMs: 4_000, times: 4 });
  await page.goto('/');
  const keys = main(page).getByRole('region', { name: 'API keys expiring soon' });
  await expect(keys.getByRole('status')).toHaveText('Waiting for the cloud API…');
  await expect(
    main(page).getByRole('region', { name: 'Dashboards' }).getByRole('link', { name: 'Service health' }),
  ).toBeVisible();
  await expect(main(page).getByRole('list', { name: 'Failed pipes' })).toContainText('Legacy audit log');
  await expect(keys.getByRole('listitem').filter({ hasText: 'CI deploy' })).toContainText(/Expires in \d+ days/, {
    timeout: 15_000,
  });
});

test('the overview lists every service with its state and region in the console table, and the failed pipe first, linked under its service', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  const services = await seededServices();
  expect(services.length).toBeGreaterThanOrEqual(3);
  await page.goto('/');
  const table = main(page).getByRole('table', { name: 'Services' });
  await expect(table.getByRole('rowheader')).toHaveCount(services.length);
  for (const service of services) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: service.name, exact: true }) });
    await expect(row.getByRole('link', { name: service.name, exact: true })).toHaveAttribute(
      'href',
      `/services/${service.id}/pipes`,
    );
    if (service.region) await expect(row).toContainText(service.region);
    // A sleeping service says so instead of counting its pipes.
    if (['stopped', 'idle'].includes(service.state ?? ''))
      await expect(row).toContainText('its pipes are not read while the service sleeps');
  }
  // Services with failed pipes come first until someone sorts otherwise.
  await expect(
    table
      .getByRole('row')
      .nth(1)
      .getByRole('list', { name: /by state$/ }),
  ).toContainText(/\d+ Failed/);
  await expect(table.getByRole('columnheader', { name: 'Failed pipes' })).toHaveAttribute('aria-sort', 'descending');
  // The failing card comes first on the page, and its pipe opens under its own service.
  const headings = main(page).getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText('Failing pipes');
  const failed = main(page).getByRole('list', { name: 'Failed pipes' }).getByRole('link', { name: 'Legacy audit log' });
  await expect(failed).toHaveAttribute('href', servicePage('pipes', await pipeIdByName('Legacy audit log')));
  await failed.click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Legacy audit log' })).toBeVisible();
});

test('the services table sorts from its headers and keeps the order in the URL through a reload', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  const names = (await seededServices()).map((service) => service.name).sort((a, b) => a.localeCompare(b));
  await page.goto('/');
  const table = main(page).getByRole('table', { name: 'Services' });
  const header = table.getByRole('columnheader', { name: 'Service' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await hydrated(page);
  await header.getByRole('button', { name: 'Service' }).focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/\/\?sort=name$/);
  // The names (a phone folds the pipe counts into the same cell, hidden here).
  const listed = table.getByRole('rowheader').getByRole('link');
  await expect(listed).toHaveText(names);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\?sort=-name$/);
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Service' })).toHaveAttribute('aria-sort', 'descending');
  await expect(listed).toHaveText([...names].reverse());
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the services table keeps each service’s name and state, its pipes under the name, and nothing scrolls sideways', async ({
    page,
    signIn,
  }) => {
    await signIn('viewer');
    await page.goto('/');
    const table = main(page).getByRole('table', { name: 'Services' });
    const production = (await seededServices()).find((service) => service.id === E2E.serviceId)!;
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: production.name }) });
    await expect(row.getByRole('link', { name: production.name })).toBeVisible();
    await expect(row.getByText('Running', { exact: true })).toBeVisible();
    await expect(row.getByRole('list', { name: `Pipes of ${production.name} by state` })).toBeVisible();
    // Where it runs and the failed count fold away on a phone, and the pipes fold under the name.
    await expect(table.getByRole('columnheader', { name: 'Provider and region' })).toBeHidden();
    await expect(table.getByRole('columnheader', { name: 'Failed pipes' })).toBeHidden();
    await expect(table.getByRole('columnheader', { name: 'Pipes by state' })).toBeHidden();
    await expect(row.getByRole('rowheader').getByRole('list', { name: /by state$/ })).toBeVisible();
    for (const header of await table.getByRole('columnheader').all()) {
      if (!(await header.isVisible())) continue;
      // A header's words are never cut: its text fits in its box, and the table in its region.
      expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
