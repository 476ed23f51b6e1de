/**
 * The Services page: the organization's services in the console's table, reached from the shell's
 * navigation; a name opens that service's pipes. Services are found as the emulator seeds them.
 */
import { emulator } from '../../fixtures/emulator';
import { E2E } from '../../fixtures/env';
import { expect, main, test } from '../../fixtures/test';
import { pipeNamesOf, seededServices, servicePage, servicePageOf } from '../../pages/service-pages';

test.afterEach(async ({ page }) => {
  await emulator.clearFaults('cloud');
  // Opening a service makes it the user's default: leave the suite's user on its default service.
  await page.goto(servicePage('pipes'));
});

test('the navigation opens the Services page, which lists every seeded service and opens one’s pipes', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  const services = await seededServices();
  expect(services.length).toBeGreaterThanOrEqual(3);
  await page.goto('/keys');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Services' }),
  ).toHaveAttribute('aria-current', 'page');

  const table = main(page).getByRole('table', { name: 'Services' });
  await expect(table.getByRole('rowheader')).toHaveCount(services.length);
  for (const service of services) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: service.name, exact: true }) });
    await expect(row.getByRole('link', { name: service.name, exact: true })).toHaveAttribute(
      'href',
      servicePageOf(service.id, 'pipes'),
    );
    if (service.provider) await expect(row).toContainText(service.provider, { ignoreCase: true });
    if (service.region) await expect(row).toContainText(service.region);
  }

  const other = services.find((service) => service.id !== E2E.serviceId && service.state === 'running')!;
  const [firstPipe] = await pipeNamesOf(other.id);
  await table.getByRole('link', { name: other.name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === servicePageOf(other.id, 'pipes'));
  await expect(page.getByRole('button', { name: `Service: ${other.name}. Switch service` })).toBeVisible();
  if (firstPipe) await expect(main(page).getByRole('link', { name: firstPipe, exact: true })).toBeVisible();
});

test('a services list the cloud API refuses shows an error with a retry that recovers', async ({ page, signIn }) => {
  await signIn('viewer');
  await emulator.addFault({ method: 'GET', path: 're:/services$', status: 500 });
  await page.goto('/services');
  const error = main(page).getByRole('heading', { name: 'Could not load the services' });
  await expect(error).toBeVisible({ timeout: 20_000 });
  await emulator.clearFaults('cloud');
  await main(page).getByRole('button', { name: 'Try again' }).click();
  await expect(main(page).getByRole('table', { name: 'Services' }).getByRole('rowheader')).toHaveCount(
    (await seededServices()).length,
  );
});

test("the page's loading state has its heading and description, then the services arrive", async ({ page, signIn }) => {
  await signIn('viewer');
  // The page's own read gives up after 1.5 s; until then its loading state is on screen.
  await emulator.addFault({ method: 'GET', path: 're:/services$', latencyMs: 4_000, times: 4 });
  await page.goto('/services', { waitUntil: 'commit' });
  const loading = main(page).getByRole('status').filter({ hasText: 'Loading page…' });
  await expect(loading).toBeAttached();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(main(page)).toContainText('Every service of this organization: its state, where it runs');
  await expect(main(page).getByRole('table', { name: 'Services' }).getByRole('rowheader')).toHaveCount(
    (await seededServices()).length,
    { timeout: 20_000 },
  );
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveCount(1);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each service keeps its name and state, and nothing scrolls sideways', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/services');
    const table = main(page).getByRole('table', { name: 'Services' });
    for (const service of await seededServices()) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: service.name }) });
      await expect(row.getByRole('link', { name: service.name, exact: true })).toBeVisible();
      const state = (service.state ?? '').replace(/_/g, ' ');
      await expect(row.getByText(state.charAt(0).toUpperCase() + state.slice(1), { exact: true })).toBeVisible();
    }
    await expect(table.getByRole('columnheader', { name: 'State' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Provider and region' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
