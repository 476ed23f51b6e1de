/**
 * The key the console itself signs with: marked on the keys page, and guarded. Disabling it,
 * deleting it or cutting its roles or IP list needs its name typed and says what will happen; the
 * BFF refuses such a change outright unless the request carries the confirmation header.
 */
import { KeysPage } from '../../pages/keys-page';
import { E2E, consoleUrl } from '../../fixtures/env';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';

const CONSOLE_KEY = 'Sluice console';

test.beforeEach(async ({ signIn }) => {
  await signIn('admin');
});

test('the console key is marked, and disabling it waits for its name and then really cuts the console off', async ({
  page,
}) => {
  const keys = new KeysPage(page);
  await keys.goto();
  await expect(keys.row(CONSOLE_KEY)).toContainText(`…${E2E.cloudKeyId.slice(-4)}`);
  await expect(keys.row(CONSOLE_KEY)).toContainText('Used by this console');
  await expect(keys.table.getByText('Used by this console')).toHaveCount(1);

  await keys.rowAction(CONSOLE_KEY, 'Disable');
  const dialog = page.getByRole('alertdialog', { name: `Disable key “${CONSOLE_KEY}”?` });
  await expect(dialog).toContainText(
    'is the key Sluice itself signs its cloud requests with. Disabling it cuts Sluice off from the cloud API',
  );
  const confirm = dialog.getByRole('button', { name: 'Disable key' });
  const typed = dialog.getByRole('textbox', { name: `Type “${CONSOLE_KEY}” to confirm` });
  await expect(confirm).toBeDisabled();
  await typed.fill('Sluice consol');
  await expect(confirm).toBeDisabled();
  await typed.fill(CONSOLE_KEY);
  await expect(confirm).toBeEnabled();

  expect((await keys.submitAndWait(confirm, 'PATCH')).status()).toBe(200);
  await expect(dialog).toBeHidden();
  // What the dialog said would happen: the console's own cloud requests are now refused.
  await page.reload();
  await expect(main(page).getByRole('alert')).toContainText('Could not load API keys');
  await expect(main(page).getByRole('alert')).toContainText('API key is disabled');
});

test('removing its Admin role asks first; cancelling sends nothing', async ({ page }) => {
  const keys = new KeysPage(page);
  await keys.goto();
  await keys.rowAction(CONSOLE_KEY, 'Edit');
  await keys.editDialog.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Developer' }).check();
  await keys.editDialog.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Admin' }).uncheck();
  await emulator.clearRequests();
  await keys.editDialog.getByRole('button', { name: 'Save changes' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Change the key Sluice uses?' });
  await expect(confirm).toContainText(
    'Without the Admin role Sluice can no longer manage API keys, private endpoints or scaling',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(keys.editDialog).toBeVisible();
  expect((await emulator.requests()).filter((request) => request.method === 'PATCH')).toEqual([]);
});

test('the BFF refuses the change without the confirmation header, and takes it with one', async ({ page }) => {
  const list = await page.request.get(`/api/cloud/v1/organizations/${E2E.organizationId}/keys`);
  const consoleKey = ((await list.json()) as { result: Array<{ id: string; name: string }> }).result.find(
    (key) => key.name === CONSOLE_KEY,
  )!;
  const url = `/api/cloud/v1/organizations/${E2E.organizationId}/keys/${consoleKey.id}`;

  const refused = await page.request.patch(url, {
    data: { ipAccessList: [{ source: '192.0.2.1', description: 'elsewhere' }] },
    headers: { origin: consoleUrl },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: 'LOCKOUT_CONFIRMATION_REQUIRED',
    error: expect.stringContaining(`send the request again with the header X-Sluice-Confirm-Lockout: ${consoleKey.id}`),
  });
  expect((await emulator.requests()).filter((request) => request.method === 'PATCH')).toEqual([]);

  // Widening its list needs no confirmation.
  const widened = await page.request.patch(url, { data: { ipAccessList: [] }, headers: { origin: consoleUrl } });
  expect(widened.status()).toBe(200);
  const confirmed = await page.request.patch(url, {
    data: { ipAccessList: [{ source: '127.0.0.1', description: 'this console' }] },
    headers: { origin: consoleUrl, 'X-Sluice-Confirm-Lockout': consoleKey.id },
  });
  expect(confirmed.status()).toBe(200);
});
