/**
 * What the UI does when the cloud API misbehaves: a failed create keeps everything typed and can
 * be sent again, a failed list load offers "Try again", and a rate limit says how long to wait.
 */
import type { Locator } from '@playwright/test';
import { isKeysCall, KeysPage, type KeyFormInput } from '../../pages/keys-page';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const input: KeyFormInput = {
  name: 'Flaky upstream key',
  roles: ['Developer', 'Query endpoints'],
  addresses: [
    { source: '198.51.100.20', description: 'Jump host' },
    { source: '192.0.2.0/24', description: 'VPN range' },
  ],
};

async function expectFormKept(dialog: Locator): Promise<void> {
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(input.name!);
  const roles = dialog.getByRole('group', { name: 'Roles' });
  await expect(roles.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Developer' })).toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Query endpoints' })).toBeChecked();
  for (const [index, address] of input.addresses!.entries()) {
    await expect(dialog.getByRole('textbox', { name: `Address ${index + 1}`, exact: true })).toHaveValue(
      address.source,
    );
    await expect(dialog.getByRole('textbox', { name: `Description ${index + 1}`, exact: true })).toHaveValue(
      address.description!,
    );
  }
  await expect(dialog.getByRole('textbox', { name: /^Address \d+$/ })).toHaveCount(input.addresses!.length);
}

test.beforeEach(async ({ signIn }) => {
  await signIn('admin');
});

test('a 503 on create shows the error in the dialog, keeps the input, and a resend succeeds', async ({ page }) => {
  const keys = new KeysPage(page);
  await keys.goto();
  await emulator.addFault({ method: 'POST', path: '/keys', status: 503 });

  const dialog = await keys.openCreateDialog();
  await keys.fillForm(dialog, input);
  const submit = dialog.getByRole('button', { name: 'Create key' });
  const failed = await keys.submitAndWait(submit, 'POST');
  expect(failed.status()).toBeGreaterThanOrEqual(500);

  const alert = dialog.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The cloud API failed');
  await expect(alert).toContainText('503');
  await expect(dialog).toBeVisible();
  await expect(keys.secretDialog).toHaveCount(0);
  await expectFormKept(dialog);
  await expect(keys.row(input.name!)).toHaveCount(0);

  await emulator.clearFaults();
  const created = await keys.submitAndWait(submit, 'POST');
  expect(created.status()).toBe(200);
  await expect(keys.secretDialog).toBeVisible();
  await keys.secretDialog.getByRole('button', { name: 'I have saved it' }).click();
  const row = keys.row(input.name!);
  await expect(row).toContainText('Developer');
  await expect(row).toContainText('Query endpoints');
  await expect(row).toContainText('Only from 2 addresses');

  // Exactly one key was created: the failed attempt left nothing behind.
  await expect(row).toHaveCount(1);
  const posts = (await emulator.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/keys'));
  expect(posts.map((entry) => entry.status)).toEqual([503, 200]);
});

test('the failure message names the failing cloud API only once', async ({ page }) => {
  const keys = new KeysPage(page);
  await keys.goto();
  await emulator.addFault({ method: 'POST', path: '/keys', status: 503 });
  const dialog = await keys.openCreateDialog();
  await keys.fillForm(dialog, { name: input.name, roles: ['Developer'] });
  await keys.submitAndWait(dialog.getByRole('button', { name: 'Create key' }), 'POST');
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('503');
  await expect(alert).not.toHaveText(/The cloud API failed.*The cloud API failed/);
});

test('a failed list load shows the error state, and "Try again" brings the table', async ({ page }) => {
  const keys = new KeysPage(page);
  await emulator.addFault({ method: 'GET', path: '/keys', status: 500 });

  const [failed] = await Promise.all([page.waitForResponse((r) => isKeysCall(r, 'GET')), page.goto('/keys')]);
  expect(failed.status()).toBeGreaterThanOrEqual(500);
  const alert = main(page).getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Could not load API keys' })).toBeVisible();
  await expect(alert).toContainText('500');
  const retry = alert.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await expect(keys.table).toHaveCount(0);

  await emulator.clearFaults();
  const [loaded] = await Promise.all([page.waitForResponse((r) => isKeysCall(r, 'GET')), retry.click()]);
  expect(loaded.status()).toBe(200);
  await expect(keys.table).toBeVisible();
  await expect(keys.row('CI deploy')).toBeVisible();
  await expect(main(page).getByRole('alert')).toHaveCount(0);
});

test('a rate-limited create says "too many requests" with the wait', async ({ page }) => {
  const keys = new KeysPage(page);
  await keys.goto();
  await emulator.addFault({ method: 'POST', path: '/keys', rateLimit: { limit: 10, resetSeconds: 7 } });

  const dialog = await keys.openCreateDialog();
  await keys.fillForm(dialog, input);
  const response = await keys.submitAndWait(dialog.getByRole('button', { name: 'Create key' }), 'POST');
  expect(response.status()).toBe(429);
  expect(response.headers()['retry-after']).toBe('7');

  await expect(dialog.getByRole('alert')).toHaveText('Too many requests, try again in 7 s.');
  await expectFormKept(dialog);
  await expect(keys.secretDialog).toHaveCount(0);
});

test('an answer outside the published contract is shown as far as it can be read, under an "unexpected answer" notice', async ({
  page,
}) => {
  const pipe = (name: string, source: Record<string, unknown>) => ({
    id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name,
    serviceId: '2b8e4d6f-1a3c-4e5b-8d7f-9c0a1b2c3d04',
    state: 'Hibernating',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    source,
    destination: { database: 'app' },
    fieldMappings: [],
    scaling: { replicas: 'two' },
    settings: {},
  });
  await emulator.addFault({
    method: 'GET',
    path: 're:/clickpipes$',
    status: 200,
    body: {
      status: 200,
      requestId: '0b6f9a2e-3c1d-4e5f-8a7b-9c0d1e2f3a4b',
      result: [pipe('Mongo mirror', { mongodb: { uri: 'mongodb+srv://cluster' } })],
    },
  });
  await page.goto(servicePage('pipes'));
  const notice = main(page).getByRole('alert').filter({ hasText: 'Unexpected answer from the cloud API' });
  await expect(notice).toContainText('/datapipes');
  const row = main(page).getByRole('row').filter({ hasText: 'Mongo mirror' });
  await expect(row).toContainText('Other source (mongodb)');
  await expect(row).toContainText('Hibernating');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await emulator.clearFaults();
});
