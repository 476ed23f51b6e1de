/**
 * The overview's cards start their reads with the page, on the server, side by side: each card
 * arrives painted in the page's HTML, and a card whose upstream is slow says what it waits for
 * while the others show what they have.
 */
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';
import { seededServices, servicePage } from '../../pages/service-pages';
import { pipeIdByName } from '../../pages/upstream';

test.afterEach(async () => {
  await emulator.clearFaults('cloud');
});

test('every card is in the page as it arrives from the server, before any script runs', async ({ page, signIn }) => {
  await signIn('viewer');
  const html = await (await page.request.get('/')).text();
  // The failed pipe, the keys expiring soon, every service and the dashboards: data, not waiting.
  expect(html).toContain('Legacy audit log');
  expect(html).toContain('Service health');
  expect(html).toMatch(/CI deploy.*Expires in \d+ days/);
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

test('the overview lists every service with its state and region, and the failed pipe first, linked under its service', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  const services = await seededServices();
  expect(services.length).toBeGreaterThanOrEqual(3);
  await page.goto('/');
  const listed = main(page).getByRole('region', { name: 'Services' }).getByRole('list', { name: 'Services' });
  await expect(listed.getByRole('listitem').filter({ has: page.getByRole('link') })).toHaveCount(services.length);
  for (const service of services) {
    const item = listed.getByRole('listitem', { name: service.name, exact: true });
    await expect(item.getByRole('link', { name: service.name, exact: true })).toHaveAttribute(
      'href',
      `/services/${service.id}/pipes`,
    );
    if (service.region) await expect(item).toContainText(service.region);
    // A sleeping service says so instead of counting its pipes.
    if (['stopped', 'idle'].includes(service.state ?? ''))
      await expect(item).toContainText('its pipes are not read while the service sleeps');
  }
  // The failing card comes first on the page, and its pipe opens under its own service.
  const headings = main(page).getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText('Failing pipes');
  const failed = main(page).getByRole('list', { name: 'Failed pipes' }).getByRole('link', { name: 'Legacy audit log' });
  await expect(failed).toHaveAttribute('href', servicePage('pipes', await pipeIdByName('Legacy audit log')));
  await failed.click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Legacy audit log' })).toBeVisible();
});
