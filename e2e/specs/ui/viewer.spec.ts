/**
 * A viewer sees every page's data but none of the controls that change it: admin-only buttons are
 * aria-disabled with the reason, row actions are absent, scaling is read-only.
 */
import { EndpointsPage } from '../../pages/endpoints-page';
import { KeysPage } from '../../pages/keys-page';
import { E2E } from '../../fixtures/env';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

test.beforeEach(async ({ signIn }) => {
  await signIn('viewer');
});

test('keys: the list is shown, "Create key" is disabled and rows have no actions', async ({ page }) => {
  const keys = new KeysPage(page);
  await keys.goto();
  await expect(page.getByRole('button', { name: 'Account menu, signed in as vera (Viewer)' })).toBeVisible();

  for (const name of ['Sluice console', 'CI deploy', 'BI dashboards', 'Legacy ETL'])
    await expect(keys.row(name)).toBeVisible();
  await expect(main(page).getByText('Your role, Viewer, can view API keys but not change them.')).toBeVisible();

  await expect(keys.createButton).toBeVisible();
  await expect(keys.createButton).toBeDisabled();
  await expect(keys.createButton).toHaveAccessibleDescription('Only admins can create and change API keys.');
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expect(keys.table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

  // The disabled button stays focusable but does nothing.
  await keys.createButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('endpoints: no attach or detach buttons, "Register endpoint" is disabled', async ({ page }) => {
  const endpoints = new EndpointsPage(page);
  await endpoints.goto();

  await expect(endpoints.row('vpce-0a1b2c3d4e5f67890')).toContainText('Attached');
  await expect(endpoints.row('vpce-0c3d4e5f6a7b89012')).toContainText('Not attached');
  // No row offers an action (the headers' buttons only sort).
  await expect(endpoints.table.locator('tbody').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Attach|Detach) / })).toHaveCount(0);
  await expect(
    main(page).getByText('Your role, Viewer, can view private endpoints but not change them.'),
  ).toBeVisible();

  await expect(endpoints.registerButton).toBeVisible();
  await expect(endpoints.registerButton).toBeDisabled();
  await endpoints.registerButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Reading the setup details is not a change: they are there.
  await expect(endpoints.setupPanel.getByRole('button', { name: 'Copy endpoint service ID' })).toBeVisible();
});

test('scaling: the allocation is shown read-only', async ({ page }) => {
  await emulator.markPostgresPipe(E2E.serviceId);
  await page.goto(servicePage('scaling'));

  const current = page.getByRole('region', { name: 'Current allocation' });
  await expect(current).toContainText('2 cores');
  await expect(current).toContainText('8 GB');
  await expect(main(page).getByText('Your role, Viewer, can view the allocation but not change it.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change allocation' })).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'CPU cores' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save scaling' })).toHaveCount(0);
});
