/**
 * Editing a pipe after creation: scaling and settings dialogs with their bounds, the fields each
 * source kind allows, empty settings left out of the request, bound and upstream errors on the
 * field, Postgres pipes pointing to the shared scaling page, and a viewer's disabled controls.
 */
import type { Page, Request } from '@playwright/test';
import { E2E, consoleUrl } from '../../fixtures/env';
import { emulator } from '../../fixtures/emulator';
import { expect, hydrated, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const servicePath = `/api/cloud/v1/organizations/${E2E.organizationId}/services/${E2E.serviceId}`;
const sameOrigin = { origin: consoleUrl };

async function openPipe(page: Page, name: string) {
  await page.goto(servicePage('pipes'));
  await hydrated(page);
  await main(page).getByRole('table', { name: 'Pipes' }).getByRole('link', { name, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
}

async function pipeIdOf(page: Page, name: string): Promise<string> {
  const response = await page.request.get(`${servicePath}/datapipes`);
  const pipes = (await response.json()).result as { id: string; name: string }[];
  const pipe = pipes.find((item) => item.name === name);
  if (!pipe) throw new Error(`no seeded pipe named ${name}`);
  return pipe.id;
}

/** The value beside `term` in the definition list named `list` (Scaling, Settings, Source…). */
const definition = (page: Page, list: string, term: string) =>
  main(page)
    .locator(`dl[aria-label="${list}"] > div`)
    .filter({ has: page.getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition');

const isCall = (method: string, suffix: string) => (request: Request) =>
  request.method() === method && new URL(request.url()).pathname.endsWith(suffix);

async function openDialog(page: Page, button: string, title: string) {
  await main(page).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('as an editor', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn('editor');
  });

  test('editing the scaling of a streaming pipe shows the new values on the page', async ({ page }) => {
    await openPipe(page, 'Clickstream');
    await expect(definition(page, 'Scaling', 'CPU per replica (millicores)')).toHaveText('500');
    await expect(definition(page, 'Scaling', 'Concurrency (deprecated)')).toHaveCount(0);

    const dialog = await openDialog(page, 'Edit scaling', 'Edit scaling');
    const cpu = dialog.getByRole('spinbutton', { name: 'CPU per replica (millicores)' });
    await expect(cpu).toHaveValue('500');
    await expect(cpu).toHaveAccessibleDescription(/125–2000 millicores, whole numbers/);
    await expect(dialog.getByRole('spinbutton', { name: 'Memory per replica (GB)' })).toHaveAccessibleDescription(
      /0\.5–8 GB/,
    );
    await expect(dialog.getByRole('spinbutton', { name: 'Replicas' })).toHaveAccessibleDescription(
      /1–40, whole numbers/,
    );
    await expect(dialog.getByRole('spinbutton', { name: /Concurrency/ })).toHaveCount(0);

    await cpu.fill('1500');
    await dialog.getByRole('spinbutton', { name: 'Memory per replica (GB)' }).fill('4');
    await dialog.getByRole('spinbutton', { name: 'Replicas' }).fill('3');
    const [request, response] = await Promise.all([
      page.waitForRequest(isCall('PATCH', '/scaling')),
      page.waitForResponse((r) => isCall('PATCH', '/scaling')(r.request())),
      dialog.getByRole('button', { name: 'Save scaling' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(request.postDataJSON()).toEqual({ replicaCpuMillicores: 1500, replicaMemoryGb: 4, replicas: 3 });
    await expect(dialog).toHaveCount(0);

    await expect(definition(page, 'Scaling', 'CPU per replica (millicores)')).toHaveText('1500');
    await expect(definition(page, 'Scaling', 'Memory per replica (GB)')).toHaveText('4');
    await expect(definition(page, 'Scaling', 'Replicas')).toHaveText('3');
    await page.reload();
    await expect(definition(page, 'Scaling', 'CPU per replica (millicores)')).toHaveText('1500');
  });

  test('a value out of bounds shows the error on its field and sends nothing', async ({ page }) => {
    await openPipe(page, 'Clickstream');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/datapipes/'))
        sent.push(`${request.method()} ${request.url()}`);
    });
    await emulator.clearRequests();

    const dialog = await openDialog(page, 'Edit scaling', 'Edit scaling');
    const cpu = dialog.getByRole('spinbutton', { name: 'CPU per replica (millicores)' });
    await cpu.fill('5000');
    await dialog.getByRole('button', { name: 'Save scaling' }).click();
    await expect(dialog.getByText('CPU per replica must be at most 2000 millicores')).toBeVisible();
    await expect(cpu).toHaveAttribute('aria-invalid', 'true');
    await expect(cpu).toBeFocused();
    await expect(cpu).toHaveValue('5000');

    await dialog.getByRole('spinbutton', { name: 'Memory per replica (GB)' }).fill('0.25');
    await dialog.getByRole('spinbutton', { name: 'Memory per replica (GB)' }).blur();
    await expect(dialog.getByText('Memory per replica must be at least 0.5 GB')).toBeVisible();

    // An emptied field stays empty and is not sent; the dialog says the pipe keeps its value.
    const replicas = dialog.getByRole('spinbutton', { name: 'Replicas' });
    await replicas.fill('');
    await expect(replicas).toHaveValue('');
    await expect(dialog.getByText('Empty fields are not sent, so Replicas keeps 1.')).toBeVisible();
    expect(sent).toEqual([]);
    expect((await emulator.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  test('the BFF refuses the same out-of-bound body and names the field', async ({ page }) => {
    const id = await pipeIdOf(page, 'Clickstream');
    await emulator.clearRequests();
    const response = await page.request.patch(`${servicePath}/datapipes/${id}/scaling`, {
      data: { replicaCpuMillicores: 5000 },
      headers: sameOrigin,
    });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.fields[0]).toEqual({
      path: 'replicaCpuMillicores',
      message: 'CPU per replica must be at most 2000 millicores',
    });

    const settings = await page.request.put(`${servicePath}/datapipes/${id}/settings`, {
      data: { streaming_max_insert_wait_ms: 100 },
      headers: sameOrigin,
    });
    expect(settings.status()).toBe(400);
    expect((await settings.json()).fields[0].path).toBe('streaming_max_insert_wait_ms');
    // Refused before the upstream was asked.
    expect((await emulator.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  test('editing the settings of an object-store pipe sends only the fields filled in', async ({ page }) => {
    const id = await pipeIdOf(page, 'Daily export backfill');
    await openPipe(page, 'Daily export backfill');
    await expect(main(page).getByRole('region', { name: 'Settings' })).toContainText('None set; the defaults apply.');
    await emulator.clearRequests();

    const dialog = await openDialog(page, 'Edit settings', 'Edit settings');
    await expect(dialog.getByRole('group', { name: 'Object storage' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Streaming' })).toHaveCount(0);
    await expect(dialog.getByRole('spinbutton', { name: 'Max insert wait (ms)' })).toHaveCount(0);
    await expect(dialog.getByRole('spinbutton', { name: 'Max bytes per batch (bytes)' })).toHaveAccessibleDescription(
      /10,485,760–53,687,091,200 bytes/,
    );
    await expect(dialog.getByRole('spinbutton', { name: 'Max threads' })).toHaveValue('');

    await dialog.getByRole('spinbutton', { name: 'Max files per batch' }).fill('500');
    await dialog.getByRole('combobox', { name: 'Use cluster function' }).selectOption('Yes');
    const [request, response] = await Promise.all([
      page.waitForRequest(isCall('PUT', '/settings')),
      page.waitForResponse((r) => isCall('PUT', '/settings')(r.request())),
      dialog.getByRole('button', { name: 'Save settings' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(request.postDataJSON()).toEqual({
      object_storage_max_file_count: 500,
      object_storage_use_cluster_function: true,
    });
    await expect(dialog).toHaveCount(0);

    // The upstream got one settings write, and stores only the two settings: nothing empty became 0.
    const writes = (await emulator.requests()).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => [r.method, r.path, r.status])).toEqual([
      ['PUT', `/v1/organizations/${E2E.organizationId}/services/${E2E.serviceId}/clickpipes/${id}/settings`, 200],
    ]);
    const stored = await page.request.get(`${servicePath}/datapipes/${id}/settings`);
    expect((await stored.json()).result).toEqual({
      object_storage_max_file_count: 500,
      object_storage_use_cluster_function: true,
    });

    await expect(definition(page, 'Settings', 'Max files per batch')).toHaveText('500');
    await expect(definition(page, 'Settings', 'Use cluster function')).toHaveText('Yes');
  });

  test('an object-store pipe scales by replicas and the deprecated concurrency only', async ({ page }) => {
    await openPipe(page, 'Daily export backfill');
    const dialog = await openDialog(page, 'Edit scaling', 'Edit scaling');
    await expect(dialog.getByRole('spinbutton')).toHaveCount(2);
    await expect(dialog.getByRole('spinbutton', { name: 'Replicas' })).toHaveValue('1');
    const concurrency = dialog.getByRole('spinbutton', { name: 'Concurrency (deprecated)' });
    await expect(concurrency).toHaveValue('0');
    await expect(concurrency).toHaveAccessibleDescription(/Deprecated; 0 adjusts automatically/);
    await expect(dialog.getByText('CPU and memory per replica apply only to streaming pipes')).toBeVisible();
  });

  test('a Kafka pipe offers only what the upstream lets it change, and says why', async ({ page }) => {
    await openPipe(page, 'Orders events');
    await expect(main(page).getByRole('region', { name: 'Source' })).toContainText(
      'After creation a Kafka pipe accepts changes only to its authentication, IAM role, CA certificate, reverse private endpoint IDs and credentials',
    );
    await expect(main(page).getByRole('region', { name: 'Source' })).toContainText(
      'delete the pipe and create it again',
    );

    const scaling = await openDialog(page, 'Edit scaling', 'Edit scaling');
    await expect(scaling.getByRole('spinbutton')).toHaveCount(3);
    await expect(scaling.getByRole('spinbutton', { name: /Concurrency/ })).toHaveCount(0);
    await scaling.getByRole('button', { name: 'Cancel' }).click();

    const settings = await openDialog(page, 'Edit settings', 'Edit settings');
    await expect(settings.getByRole('spinbutton', { name: 'Max insert wait (ms)' })).toHaveValue('5000');
    await expect(settings.getByRole('group', { name: 'Object storage' })).toHaveCount(0);
    await expect(settings.getByRole('spinbutton', { name: /per batch/ })).toHaveCount(0);
    await settings.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a Kafka pipe edits only its connection: method, credentials, CA and endpoints', async ({ page }) => {
    await openPipe(page, 'Orders events');
    const dialog = await openDialog(page, 'Edit connection', 'Edit connection');
    await expect(dialog).toContainText(
      'brokers, topics, format, consumer group, offset, schema registry, name, destination and field mappings are fixed',
    );
    const method = dialog.getByRole('combobox', { name: 'Authentication' });
    await expect(method).toHaveValue('SCRAM-SHA-512');
    await expect(method.getByRole('option')).toHaveText([
      'PLAIN (user name and password)',
      'SCRAM-SHA-256',
      'SCRAM-SHA-512',
      'Mutual TLS (client certificate)',
    ]);
    // The fixed fields are not offered at all.
    for (const name of ['Brokers', 'Topics', 'Format', 'Consumer group', 'Name']) {
      await expect(dialog.getByRole('textbox', { name, exact: true })).toHaveCount(0);
    }
    await expect(dialog.getByRole('textbox', { name: 'CA certificate' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Reverse private endpoint IDs' })).toBeVisible();

    // A new method needs its own credentials: refused in the browser, nothing sent.
    await method.selectOption('SCRAM-SHA-256');
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches += 1;
    });
    await dialog.getByRole('button', { name: 'Save connection' }).click();
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    expect(patches).toBe(0);

    await dialog.getByRole('textbox', { name: 'Username' }).fill('orders-reader');
    await dialog.getByLabel('Password').fill('kafka-password-e2e');
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PATCH' && /\/datapipes\/[^/]+$/.test(new URL(r.url()).pathname)),
      page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && /\/datapipes\/[^/]+$/.test(new URL(r.url()).pathname),
      ),
      dialog.getByRole('button', { name: 'Save connection' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(request.postDataJSON()).toEqual({
      source: {
        kafka: {
          authentication: 'SCRAM-SHA-256',
          credentials: { username: 'orders-reader', password: 'kafka-password-e2e' },
        },
      },
    });
    expect(await response.text()).not.toContain('kafka-password-e2e');
    await expect(dialog).toHaveCount(0);
    await expect(definition(page, 'Source', 'Authentication')).toHaveText('SCRAM-SHA-256');
    await expect(definition(page, 'Source', 'Topics')).toHaveText('orders');
  });

  test('an upstream 400 on save lands on the field and keeps what was typed', async ({ page }) => {
    await openPipe(page, 'Clickstream');
    await emulator.addFault({
      method: 'PATCH',
      path: '/scaling',
      status: 400,
      times: 1,
      body: {
        status: 400,
        error: 'BAD_REQUEST: replicaMemoryGb must be at most 4 GB for this service',
        requestId: '0f8e2a4c-3b1d-4e5f-9a7b-6c5d4e3f2a10',
      },
    });
    const dialog = await openDialog(page, 'Edit scaling', 'Edit scaling');
    const memory = dialog.getByRole('spinbutton', { name: 'Memory per replica (GB)' });
    await memory.fill('6');
    await dialog.getByRole('spinbutton', { name: 'Replicas' }).fill('2');
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall('PATCH', '/scaling')(r.request())),
      dialog.getByRole('button', { name: 'Save scaling' }).click(),
    ]);
    expect(response.status()).toBe(400);

    await expect(dialog.getByRole('alert')).toHaveText('Check the highlighted fields.');
    await expect(memory).toHaveAttribute('aria-invalid', 'true');
    await expect(memory).toHaveAccessibleDescription(/replicaMemoryGb must be at most 4 GB for this service/);
    await expect(memory).toHaveValue('6');
    await expect(dialog.getByRole('spinbutton', { name: 'Replicas' })).toHaveValue('2');

    // The fault was one-off: the same dialog saves on the next try.
    await memory.fill('4');
    const [retry] = await Promise.all([
      page.waitForResponse((r) => isCall('PATCH', '/scaling')(r.request())),
      dialog.getByRole('button', { name: 'Save scaling' }).click(),
    ]);
    expect(retry.status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(definition(page, 'Scaling', 'Memory per replica (GB)')).toHaveText('4');
  });

  test('a Postgres pipe points to the shared scaling page, and settings wait until it is stopped', async ({ page }) => {
    await openPipe(page, 'Billing database replica');
    const scalingRegion = main(page).getByRole('region', { name: 'Scaling' });
    await expect(scalingRegion.getByRole('button', { name: 'Edit scaling' })).toHaveCount(0);
    const editSettings = main(page).getByRole('button', { name: 'Edit settings' });
    await expect(editSettings).toBeDisabled();
    await expect(editSettings).toHaveAccessibleDescription(
      /can be edited only when it is stopped, paused, failed or completed/,
    );

    await scalingRegion.getByRole('link', { name: 'Database pipe scaling' }).click();
    await expect(page).toHaveURL(/\/scaling$/);
    await main(page).getByRole('link', { name: 'View database pipes' }).click();
    await expect(page).toHaveURL(/\/pipes\?kind=postgres$/);
    await expect(main(page).getByRole('combobox', { name: 'Source kind' })).toHaveValue('postgres');
    const rows = main(page).getByRole('table', { name: 'Pipes' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Billing database replica');
  });
});

test('a viewer sees the edit buttons disabled with the reason', async ({ page, signIn }) => {
  await signIn('viewer');
  await openPipe(page, 'Clickstream');
  for (const name of ['Edit scaling', 'Edit settings']) {
    const button = main(page).getByRole('button', { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Only editors and admins can change pipes.');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});
