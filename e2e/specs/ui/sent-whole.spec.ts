/**
 * A pipe's page and the endpoints page are sent whole, their largest text painted with the page
 * rather than after its JavaScript: with JavaScript off, what the server sent already has the
 * metrics panel's line and the endpoint setup steps naming the service's region.
 */
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';
import { pipeIdByName } from '../../pages/upstream';

test.use({ javaScriptEnabled: false });

test("a pipe's page arrives with its metrics panel's line and frame", async ({ page, signIn }) => {
  await signIn('viewer');
  const pipeId = await pipeIdByName('Orders events');
  const metrics = main(page).getByRole('region', { name: 'Metrics' });
  // Once the console has sampled the pipe (and the upstream budget had room for the pipe's record),
  // the page carries the pipe and its metrics and says how fresh they are.
  await expect(async () => {
    await page.goto(servicePage('pipes', pipeId));
    await expect(main(page).getByRole('heading', { level: 1, name: 'Orders events' })).toBeVisible({ timeout: 1_000 });
    await expect(metrics.getByText(/^(Charted since .+ UTC;|Read from the cloud every)/)).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
  await expect(metrics.getByRole('combobox', { name: 'Time range' })).toHaveValue('1h');
  // The chart frames are there before any chart is drawn: nothing below moves when they are.
  await expect(metrics.getByRole('figure', { name: 'Rows per second' })).toBeVisible();
});

test('the endpoints page arrives with the setup steps naming the region', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto(servicePage('endpoints'));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Private endpoints' })).toBeVisible();
  // The region comes from the services list the console keeps, whatever room the upstream budget has.
  const setup = main(page).getByRole('region', { name: 'Set up a private endpoint' });
  await expect(setup.getByRole('listitem').first()).toHaveText(
    'In your cloud account, create an interface endpoint in us-east-1 that connects to the endpoint service ID above.',
  );
});

test("the endpoints page arrives with the organization's endpoints when the upstream answers at once", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  // The shell shows the same organization record: the page's copy must still be in its server render.
  await expect(async () => {
    await page.goto(servicePage('endpoints'));
    await expect(main(page).getByRole('row').filter({ hasText: 'vpce-0a1b2c3d4e5f67890' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
  await expect(main(page).getByRole('status').filter({ hasText: 'Loading private endpoints' })).toHaveCount(0);
});
