/**
 * Database pipe scaling: the explanation while the service has no Postgres pipe, and with one the
 * live derived values, a save that reaches the emulator, and bounds enforced before any PATCH.
 */
import type { Page, Response } from '@playwright/test';
import { cloudGet, servicePath } from '../../pages/upstream';
import { E2E } from '../../fixtures/env';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

/** The upstream path, in the cloud API's own names (the BFF route keeps the console's). */
const scalingUpstreamPath = `${servicePath}/clickpipesCdcScaling`;

const isScalingCall = (method: string) => (response: Response) =>
  response.request().method() === method && new URL(response.url()).pathname.endsWith('/datapipesCdcScaling');

const changeForm = (page: Page) => page.getByRole('form', { name: 'Change allocation' });

test.beforeEach(async ({ signIn }) => {
  await signIn('admin');
});

test('without a Postgres pipe the page explains why there is nothing to scale', async ({ page }) => {
  await emulator.unmarkPostgresPipe(E2E.serviceId);
  const [load] = await Promise.all([page.waitForResponse(isScalingCall('GET')), page.goto(servicePage('scaling'))]);
  expect(load.status()).toBe(400);

  await expect(main(page).getByRole('heading', { name: 'No database pipes yet' })).toBeVisible();
  await expect(main(page).getByText(/available once a Postgres pipe exists on this service/)).toBeVisible();
  await expect(main(page).getByRole('alert')).toHaveCount(0);
  await expect(changeForm(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Current allocation' })).toHaveCount(0);
});

test.describe('with a Postgres pipe', () => {
  test.beforeEach(async () => {
    await emulator.markPostgresPipe(E2E.serviceId);
  });

  test('6 cores shows 24 GB and 3 compute units live, saves, and the upstream has it', async ({ page }) => {
    await page.goto(servicePage('scaling'));
    const current = page.getByRole('region', { name: 'Current allocation' });
    await expect(current).toContainText('2 cores');
    await expect(current).toContainText('8 GB');

    const form = changeForm(page);
    const cores = form.getByRole('spinbutton', { name: 'CPU cores' });
    await expect(cores).toHaveValue('2');
    const save = form.getByRole('button', { name: 'Save scaling' });
    await expect(save).toBeDisabled();

    await cores.fill('6');
    await expect(form).toContainText('24 GB');
    await expect(form).toContainText('3 compute units');
    await expect(save).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Reset' })).toBeVisible();

    const [patch] = await Promise.all([page.waitForResponse(isScalingCall('PATCH')), save.click()]);
    expect(patch.status()).toBe(200);
    expect(patch.request().postDataJSON()).toEqual({ replicaCpuMillicores: 6000, replicaMemoryGb: 24 });

    await expect(form.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText('Saved: 6 cores and 24 GB.');
    await expect(current).toContainText('6 cores');
    await expect(current).toContainText('24 GB');
    await expect(save).toBeDisabled();

    const upstream = await cloudGet<{ replicaCpuMillicores: number; replicaMemoryGb: number }>(scalingUpstreamPath);
    expect(upstream.status).toBe(200);
    expect(upstream.result).toEqual({ replicaCpuMillicores: 6000, replicaMemoryGb: 24 });
  });

  test('30 cores is refused on the field and no PATCH is sent', async ({ page }) => {
    await page.goto(servicePage('scaling'));
    const form = changeForm(page);
    const cores = form.getByRole('spinbutton', { name: 'CPU cores' });
    await expect(cores).toHaveValue('2');
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });

    await cores.fill('30');
    await form.getByRole('button', { name: 'Save scaling' }).click();

    await expect(cores).toHaveAttribute('aria-invalid', 'true');
    await expect(cores).toHaveAccessibleDescription(/CPU must be at most 24 cores/);
    await expect(form.getByRole('status').filter({ hasText: 'Saved:' })).toHaveCount(0);
    await expect(cores).toHaveValue('30');

    expect(patches).toEqual([]);
    expect((await emulator.requests()).filter((entry) => entry.method === 'PATCH')).toEqual([]);
    const upstream = await cloudGet<{ replicaCpuMillicores: number }>(scalingUpstreamPath);
    expect(upstream.result?.replicaCpuMillicores).toBe(2000);
  });
});
