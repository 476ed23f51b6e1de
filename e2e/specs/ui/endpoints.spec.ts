/**
 * Private endpoints as an admin works with them: register-and-attach, detach, attach, the region
 * rule, the setup details with their copy buttons, and the upstream's conflict shown in the dialog.
 * Every change is checked against the emulator's service record.
 */
import { clipboardText } from '../../pages/clipboard';
import { EndpointsPage, isEndpointRegister, isServicePatch } from '../../pages/endpoints-page';
import { cloudGet, servicePath } from '../../pages/upstream';
import { expect, main, test } from '../../fixtures/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const ATTACHED = ['vpce-0a1b2c3d4e5f67890', 'vpce-0b2c3d4e5f6a78901'];
const STAGING = 'vpce-0c3d4e5f6a7b89012';
const EU_BI = 'vpce-0e5f6a7b8c9d01234';
const NEW_ID = 'vpce-0f9e8d7c6b5a43210';

async function attachedUpstream(): Promise<string[]> {
  const service = await cloudGet<{ privateEndpointIds: string[] }>(servicePath);
  expect(service.status).toBe(200);
  return service.result?.privateEndpointIds ?? [];
}

test.beforeEach(async ({ signIn }) => {
  await signIn('admin');
});

test('register an endpoint with attach on, then detach it', async ({ page }) => {
  const endpoints = new EndpointsPage(page);
  await endpoints.goto();
  await expect(endpoints.row(NEW_ID)).toHaveCount(0);

  await endpoints.registerButton.click();
  const dialog = endpoints.registerDialog;
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Endpoint ID' }).fill(NEW_ID);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('E2E VPC');
  await expect(dialog.getByRole('checkbox', { name: 'Attach to this service after registering' })).toBeChecked();
  const [registered, attached] = await Promise.all([
    page.waitForResponse(isEndpointRegister),
    page.waitForResponse(isServicePatch),
    dialog.getByRole('button', { name: 'Register endpoint' }).click(),
  ]);
  expect(registered.status()).toBe(200);
  expect(attached.status()).toBe(200);
  expect(attached.request().postDataJSON()).toEqual({ privateEndpointIds: { add: [NEW_ID] } });

  await expect(dialog).toBeHidden();
  await expect(endpoints.message(`Endpoint ${NEW_ID} registered and attached to this service.`)).toBeVisible();
  const row = endpoints.row(NEW_ID);
  await expect(row).toContainText('E2E VPC');
  await expect(row).toContainText('Attached');
  await expect(endpoints.detachButton(NEW_ID)).toBeVisible();
  expect(await attachedUpstream()).toEqual(expect.arrayContaining([...ATTACHED, NEW_ID]));

  await endpoints.detachButton(NEW_ID).click();
  const confirm = page.getByRole('alertdialog', { name: `Detach endpoint “${NEW_ID}”?` });
  await expect(confirm).toBeVisible();
  const [detached] = await Promise.all([
    page.waitForResponse(isServicePatch),
    confirm.getByRole('button', { name: 'Detach endpoint' }).click(),
  ]);
  expect(detached.status()).toBe(200);
  expect(detached.request().postDataJSON()).toEqual({ privateEndpointIds: { remove: [NEW_ID] } });
  await expect(confirm).toBeHidden();

  await expect(endpoints.attachButton(NEW_ID)).toBeVisible();
  await expect(endpoints.detachButton(NEW_ID)).toHaveCount(0);
  await expect(row).toContainText('Not attached');
  await expect(endpoints.message(`Endpoint ${NEW_ID} detached from this service.`)).toBeVisible();
  const after = await attachedUpstream();
  expect(after).not.toContain(NEW_ID);
  expect(after).toEqual(expect.arrayContaining(ATTACHED));
});

test('attach a registered endpoint of the same region', async ({ page }) => {
  const endpoints = new EndpointsPage(page);
  await endpoints.goto();
  await expect(endpoints.row(STAGING)).toContainText('Not attached');

  const [response] = await Promise.all([page.waitForResponse(isServicePatch), endpoints.attachButton(STAGING).click()]);
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ privateEndpointIds: { add: [STAGING] } });

  await expect(endpoints.detachButton(STAGING)).toBeVisible();
  await expect(endpoints.attachButton(STAGING)).toHaveCount(0);
  await expect(endpoints.row(STAGING)).toContainText('Attached');
  await expect(endpoints.message(`Endpoint ${STAGING} attached to this service.`)).toBeVisible();
  expect(await attachedUpstream()).toEqual(expect.arrayContaining([...ATTACHED, STAGING]));
});

test('an endpoint in another region offers no attach button, only the reason', async ({ page }) => {
  const endpoints = new EndpointsPage(page);
  await endpoints.goto();
  const row = endpoints.row(EU_BI);
  await expect(row).toBeVisible();
  await expect(row).toContainText('eu-west-1');
  await expect(row).toContainText('This endpoint is in eu-west-1; the service runs in us-east-1.');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(endpoints.attachButton(EU_BI)).toHaveCount(0);
  // Same-region endpoints do get their buttons.
  for (const id of ATTACHED) await expect(endpoints.detachButton(id)).toBeVisible();
  await expect(endpoints.attachButton(STAGING)).toBeVisible();
});

test('the setup panel shows the endpoint service ID and DNS hostname, and copies them', async ({ page }) => {
  const config = await cloudGet<{ endpointServiceId: string; privateDnsHostname: string }>(
    `${servicePath}/privateEndpointConfig`,
  );
  expect(config.status).toBe(200);
  const { endpointServiceId, privateDnsHostname } = config.result!;
  expect(endpointServiceId).toContain('us-east-1');

  const endpoints = new EndpointsPage(page);
  await endpoints.goto();
  const panel = endpoints.setupPanel;
  await expect(panel.getByText(endpointServiceId, { exact: true })).toBeVisible();
  await expect(panel.getByText(privateDnsHostname, { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Copy endpoint service ID' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
  expect(await clipboardText(page)).toBe(endpointServiceId);

  await panel.getByRole('button', { name: 'Copy private DNS hostname' }).click();
  await expect.poll(() => clipboardText(page)).toBe(privateDnsHostname);
  await expect(main(page).getByRole('alert')).toHaveCount(0);
});

test('registering an id that already exists shows the 409 in the dialog and keeps the input', async ({ page }) => {
  const endpoints = new EndpointsPage(page);
  await endpoints.goto();
  const before = await attachedUpstream();

  await endpoints.registerButton.click();
  const dialog = endpoints.registerDialog;
  await dialog.getByRole('textbox', { name: 'Endpoint ID' }).fill(STAGING);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Registered twice');
  const [response] = await Promise.all([
    page.waitForResponse(isEndpointRegister),
    dialog.getByRole('button', { name: 'Register endpoint' }).click(),
  ]);
  expect(response.status()).toBe(409);

  await expect(dialog.getByRole('alert')).toHaveText(`private endpoint ${STAGING} already exists in this organization`);
  await expect(dialog.getByRole('textbox', { name: 'Endpoint ID' })).toHaveValue(STAGING);
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Registered twice');
  await expect(dialog.getByRole('checkbox', { name: 'Attach to this service after registering' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Register endpoint' })).toBeEnabled();
  // No attach was attempted after the failed registration.
  expect(await attachedUpstream()).toEqual(before);
});
