/**
 * A streamed page's loading state, sent with the first paint while the page waits for its server
 * reads, already shows the page's own heading and description (the page's largest text, so it
 * paints at once rather than after the page's JavaScript), and the page then replaces it whole.
 */
import { E2E } from '../../fixtures/env';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

test.afterEach(async () => {
  await emulator.clearFaults('cloud');
});

test("the keys page's loading state has its heading and description, then the keys arrive", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  // The page's own read gives up after 1.5 s; until then its loading state is on screen.
  await emulator.addFault({ method: 'GET', path: 're:/keys$', latencyMs: 4_000, times: 4 });
  await page.goto('/keys', { waitUntil: 'commit' });
  const loading = main(page).getByRole('status').filter({ hasText: 'Loading page…' });
  await expect(loading).toBeAttached();
  await expect(main(page).getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(main(page)).toContainText(
    'Keys authenticate scripts and tools against the cloud API of this organization.',
  );
  await expect(main(page).getByRole('row').filter({ hasText: 'CI deploy' })).toBeVisible({ timeout: 15_000 });
  await expect(loading).toHaveCount(0);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveCount(1);
});

test("the scaling page's loading state says what the allocation is for before it is read", async ({ page, signIn }) => {
  await signIn('admin');
  // As seeded: the service has a database pipe, so the page shows an allocation.
  await emulator.markPostgresPipe(E2E.serviceId);
  await emulator.addFault({ method: 'GET', path: 'clickpipesCdcScaling', latencyMs: 4_000, times: 4 });
  await page.goto(servicePage('scaling'), { waitUntil: 'commit' });
  await expect(main(page).getByRole('status').filter({ hasText: 'Loading the current allocation…' })).toBeAttached();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Database pipe scaling' })).toBeVisible();
  await expect(main(page)).toContainText('All database (Postgres) pipes of this service share this allocation');
  await expect(main(page).getByText('Billed as')).toBeVisible({ timeout: 15_000 });
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveCount(1);
});
