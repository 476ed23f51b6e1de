/**
 * The pipe creation wizard as an editor uses it: one pipe of each source kind created and watched
 * until it runs (or completes), bounds refused in the browser and by the BFF alike, an upstream
 * refusal landing on its field and step, and a draft that survives a reload without its secrets.
 */
import type { Page } from '@playwright/test';
import { emulator } from '../../fixtures/emulator';
import { E2E, consoleUrl } from '../../fixtures/env';
import { expect, main, test } from '../../fixtures/test';
import { isPipeCreateCall, PEM_CERTIFICATE, PipeWizard } from '../../pages/pipe-wizard';
import { servicePage } from '../../pages/service-pages';

const STATE_CHANGE = { timeout: 20_000 };
const pipeState = (page: Page) => main(page).getByRole('status', { name: 'Pipe state' });
const DATAPIPES = `/api/cloud/v1/organizations/${E2E.organizationId}/services/${E2E.serviceId}/datapipes`;

test.beforeEach(async ({ signIn }) => {
  await signIn('editor');
});

test('a Kafka pipe with a schema registry: masked review, one creation for a double click, then Running', async ({
  page,
}) => {
  const wizard = new PipeWizard(page);
  await page.goto(servicePage('pipes'));
  await main(page).getByRole('link', { name: 'Create pipe' }).click();
  await wizard.expectStep('Source kind');

  // Next checks only the current step.
  await wizard.form.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.form.getByText('Choose a source kind')).toBeVisible();
  await expect(wizard.form.getByText('Name is required')).toBeVisible();
  await wizard.field('Pipe name').fill('Orders via registry');
  await wizard.form.getByRole('radio', { name: 'Kafka' }).check();
  await wizard.next('Connection');

  await wizard.fill({
    Brokers: 'broker-1:9092,broker-2:9092',
    Topics: 'orders',
    'User name': 'ingest',
    Password: 'kafka-pass-123',
  });
  await wizard.select({ 'Message format': 'AvroRegistry' });
  await wizard.fill({ 'Registry URL': 'http://registry.example.com' });
  await wizard.fill({
    'Registry user name': 'registry',
    'Registry password': 'registry-pass-456',
    'CA certificate (optional)': PEM_CERTIFICATE,
  });
  await wizard.form.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.form.getByText('Schema registry URL must be an https:// address')).toBeVisible();
  await wizard.fill({ 'Registry URL': 'https://registry.example.com' });
  await wizard.next('Destination');

  await wizard.fill({ Table: 'orders_avro' });
  await wizard.columns([
    ['order_id', 'UInt64'],
    ['total', 'Float64'],
    ['created_at', 'DateTime'],
  ]);
  await wizard.select({ Engine: 'ReplacingMergeTree', 'Version column (optional)': 'created_at' });
  await wizard.form.getByRole('group', { name: 'Sorting key' }).getByLabel('order_id').check();
  await wizard.next('Field mappings');

  await expect(wizard.form.getByText('Not mapped yet: order_id, total, created_at')).toBeVisible();
  await wizard.form.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.form.getByText('Source field is required').first()).toBeVisible();
  await wizard.form.getByRole('button', { name: 'Map by name' }).click();
  await wizard.fill({ 'Source field for total': 'amount' });
  await expect(wizard.form.getByText('Every column is mapped.')).toBeVisible();
  await wizard.next('Scaling and settings');

  await wizard.fill({ Replicas: '2', 'Max insert wait': '1500' });
  await expect(wizard.form.getByLabel('Concurrency')).toHaveCount(0); // object storage only
  await expect(wizard.form.getByLabel('Max files per batch')).toHaveCount(0);
  await wizard.next('Review');

  const json = wizard.form.getByRole('region', { name: 'Request' }).locator('pre');
  await expect(json).toContainText('"url": "https://registry.example.com"');
  // The review shows the body as the cloud API receives it, in its own names.
  await expect(json).toContainText('"format": "AvroConfluent"');
  await expect(json).not.toContainText('AvroRegistry');
  await expect(json).toContainText('"password": "••••••••"');
  await expect(json).not.toContainText('kafka-pass-123');
  const curl = wizard.form.getByRole('region', { name: 'The same call with curl' }).locator('pre');
  await expect(curl).toContainText('"password": "<PASSWORD>"');
  await expect(curl).toContainText(`/services/${E2E.serviceId}/clickpipes`);

  let creations = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/datapipes')) creations += 1;
  });
  const [response] = await Promise.all([
    page.waitForResponse(isPipeCreateCall),
    wizard.form.getByRole('button', { name: 'Create pipe' }).dblclick(),
  ]);
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON();
  expect(sent.source.kafka.schemaRegistry).toMatchObject({
    authentication: 'PLAIN',
    url: 'https://registry.example.com',
  });
  expect(sent.destination.tableDefinition).toEqual({
    engine: { type: 'ReplacingMergeTree', versionColumnId: 'created_at' },
    sortingKey: ['order_id'],
  });
  expect(sent.fieldMappings).toContainEqual({ sourceField: 'amount', destinationField: 'total' });
  expect(sent.scaling).toEqual({ replicas: 2 });
  expect(sent.settings).toEqual({ streaming_max_insert_wait_ms: 1500 });

  await expect(main(page).getByRole('heading', { level: 1, name: 'Orders via registry' })).toBeVisible();
  await expect(pipeState(page)).toHaveText('Running', STATE_CHANGE);
  expect(creations).toBe(1);
  await page.goto(servicePage('pipes'));
  await expect(main(page).getByRole('link', { name: 'Orders via registry', exact: true })).toBeVisible();
});

test('a stream service pipe survives an upstream failure at creation, then runs, stops, starts and is deleted', async ({
  page,
}) => {
  const wizard = new PipeWizard(page);
  await wizard.start('Clicks from the stream', 'Amazon Kinesis');
  await wizard.fill({
    Region: 'us-east-1',
    'Stream name': 'clicks',
    'IAM role': 'arn:aws:iam::123456789012:role/clicks',
  });
  await wizard.select({ 'Start position': 'AT_TIMESTAMP' });
  await wizard.next('Connection'); // the timestamp is still missing
  await expect(
    wizard.form.getByText('Timestamp is required when reading from a timestamp (AT_TIMESTAMP)'),
  ).toBeVisible();
  await wizard.fill({ 'Start from': '1763884800' });
  await expect(wizard.form.getByText('2025-11-23 08:00 UTC')).toBeVisible();
  await wizard.next('Destination');
  await wizard.fill({ Table: 'clicks' });
  await wizard.columns([['url', 'String']]);
  await wizard.next('Field mappings');
  await wizard.fill({ 'Source field for url': 'page_url' });
  await wizard.next('Scaling and settings');
  await wizard.next('Review');

  await emulator.addFault({ method: 'POST', path: '/clickpipes', status: 503, times: 1 });
  const failed = await wizard.create();
  expect(failed.status()).toBe(502); // the BFF reports an upstream failure as a bad gateway
  await expect(wizard.form.getByRole('alert')).toContainText('503');
  await wizard.expectStep('Review'); // nothing lost: the same request can be sent again

  const response = await wizard.create();
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().source.streamService).toMatchObject({
    iteratorType: 'AT_TIMESTAMP',
    timestamp: 1763884800,
    iamRole: 'arn:aws:iam::123456789012:role/clicks',
  });
  await expect(pipeState(page)).toHaveText('Running', STATE_CHANGE);

  await main(page).getByRole('button', { name: 'Stop' }).click();
  await page
    .getByRole('alertdialog', { name: 'Stop pipe “Clicks from the stream”?' })
    .getByRole('button', { name: 'Stop pipe' })
    .click();
  await expect(pipeState(page)).toHaveText('Stopped', STATE_CHANGE);
  await main(page).getByRole('button', { name: 'Start' }).click();
  await expect(pipeState(page)).toHaveText('Running', STATE_CHANGE);
  await main(page).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete pipe “Clicks from the stream”?' })
    .getByRole('button', { name: 'Delete pipe' })
    .click();
  await expect(page).toHaveURL(/\/pipes$/);
  await expect(main(page).getByRole('link', { name: 'Clicks from the stream', exact: true })).toHaveCount(0);
});

test('a one-shot blob container pipe sends the container fields instead of a URL and completes', async ({ page }) => {
  const wizard = new PipeWizard(page);
  await wizard.start('Invoices from blobs', 'Object storage');
  await wizard.select({ 'Object store': 'objstore_4' });
  await expect(wizard.field('URL')).toHaveCount(0);
  await wizard.fill({
    'Connection string': 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=c2VjcmV0',
    'Container name': 'invoices',
    Path: '2026/*.csv',
  });
  await wizard.select({ 'File format': 'CSVWithNames', Compression: 'gzip' });
  await wizard.fill({ 'Delimiter (optional)': ';' });
  await wizard.next('Destination');
  await wizard.fill({ Table: 'invoices' });
  await wizard.columns([
    ['invoice_id', 'String'],
    ['amount', 'Float64'],
  ]);
  await wizard.next('Field mappings');
  await wizard.form.getByRole('button', { name: 'Map by name' }).click();
  await wizard.next('Scaling and settings');
  await expect(wizard.form.getByText('Deprecated', { exact: true })).toBeVisible();
  await wizard.fill({ 'Max files per batch': '500' });
  await wizard.next('Review');
  const response = await wizard.create();
  expect(response.status()).toBe(200);
  const source = response.request().postDataJSON().source.objectStorage;
  expect(source).toEqual({
    type: 'objstore_4',
    format: 'CSVWithNames',
    compression: 'gzip',
    delimiter: ';',
    authentication: 'CONNECTION_STRING',
    connectionString: 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=c2VjcmV0',
    blobContainerName: 'invoices',
    path: '2026/*.csv',
  });
  await expect(pipeState(page)).toHaveText('Completed', STATE_CHANGE);
});

test('a Postgres pipe with two table mappings skips field mappings, and an upstream refusal lands on its field and step', async ({
  page,
}) => {
  const wizard = new PipeWizard(page);
  await wizard.start('Shop replica', 'Postgres');
  await wizard.fill({ Host: 'db.shop.internal', Database: 'shop', 'User name': 'replicator', Password: 'pg-pass-789' });
  await wizard.fill({ 'Source table': 'orders', 'Target table': 'shop_orders' });
  await wizard.form.getByRole('button', { name: 'Add table' }).click();
  const second = wizard.form.getByRole('listitem', { name: 'Table mapping 2' });
  await second.getByLabel('Source table', { exact: true }).fill('customers');
  // The same target table twice: the schema allows it, the upstream does not.
  await second.getByLabel('Target table', { exact: true }).fill('shop_orders');
  await second.getByLabel('Custom sorting key').check();
  await second.getByLabel('Sorting key columns').fill('id, email');
  await wizard.next('Destination');
  await expect(wizard.form.getByLabel('Table', { exact: true })).toHaveCount(0);
  await wizard.next('Scaling and settings');
  await expect(
    main(page)
      .getByRole('navigation', { name: 'Wizard steps' })
      .getByRole('button', { name: /Field mappings/ }),
  ).toHaveCount(0);
  await expect(wizard.form.getByRole('link', { name: 'Database pipe scaling' })).toBeVisible();
  await wizard.next('Review');

  const refused = await wizard.create();
  expect(refused.status()).toBe(400);
  await wizard.expectStep('Connection');
  await expect(second.getByText(/shop_orders is already used by another table mapping/)).toBeVisible();
  await expect(second.getByLabel('Target table', { exact: true })).toBeFocused();
  await expect(wizard.field('Password')).toHaveValue('pg-pass-789'); // nothing typed is lost

  await second.getByLabel('Target table', { exact: true }).fill('shop_customers');
  await wizard.next('Destination');
  await wizard.next('Scaling and settings');
  await wizard.next('Review');
  const created = await wizard.create();
  expect(created.status()).toBe(200);
  const body = created.request().postDataJSON();
  expect(body).not.toHaveProperty('fieldMappings');
  expect(body.source.postgres.tableMappings).toEqual([
    { sourceSchemaName: 'public', sourceTable: 'orders', targetTable: 'shop_orders' },
    {
      sourceSchemaName: 'public',
      sourceTable: 'customers',
      targetTable: 'shop_customers',
      useCustomSortingKey: true,
      sortingKeys: ['id', 'email'],
    },
  ]);
  await expect(pipeState(page)).toHaveText('Running', STATE_CHANGE);
});

test('a bound is refused in the browser, and the same body sent to the BFF is refused with the field named', async ({
  page,
}) => {
  const wizard = new PipeWizard(page);
  await wizard.start('Too small', 'Amazon Kinesis');
  await wizard.fill({ Region: 'us-east-1', 'Stream name': 'clicks', 'IAM role': 'arn:role' });
  await wizard.next('Destination');
  await wizard.fill({ Table: 'clicks' });
  await wizard.columns([['url', 'String']]);
  await wizard.next('Field mappings');
  await wizard.form.getByRole('button', { name: 'Map by name' }).click();
  await wizard.next('Scaling and settings');

  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/datapipes')) posted = true;
  });
  await wizard.field('CPU per replica').fill('100');
  await expect(wizard.form.getByText('CPU per replica must be at least 125 millicores')).toBeVisible();
  await wizard.form.getByRole('button', { name: 'Next' }).click();
  await wizard.expectStep('Scaling and settings');
  await expect(wizard.field('CPU per replica')).toBeFocused();
  expect(posted).toBe(false);

  const body = {
    name: 'Too small',
    source: {
      streamService: {
        authentication: 'IAM_ROLE',
        iamRole: 'arn:role',
        format: 'JSONEachRow',
        iteratorType: 'LATEST',
        region: 'us-east-1',
        streamName: 'clicks',
      },
    },
    destination: {
      database: 'default',
      table: 'clicks',
      managedTable: true,
      columns: [{ name: 'url', type: 'String' }],
    },
    fieldMappings: [{ sourceField: 'url', destinationField: 'url' }],
    scaling: { replicaCpuMillicores: 100 },
  };
  const response = await page.request.post(DATAPIPES, { data: body, headers: { Origin: consoleUrl } });
  expect(response.status()).toBe(400);
  const error = await response.json();
  expect(error.fields[0]).toEqual({
    path: 'scaling.replicaCpuMillicores',
    message: 'CPU per replica must be at least 125 millicores',
  });
});

test('the draft survives a reload without its secrets, and a type change swaps a method it does not allow for its usual one', async ({
  page,
}) => {
  const wizard = new PipeWizard(page);
  await wizard.start('Draft pipe', 'Kafka');
  await wizard.fill({ Brokers: 'b-1:9092', Topics: 'events', 'User name': 'drafter', Password: 'never-stored-secret' });

  await wizard.select({ 'Broker type': 'vendor_7' });
  await expect(
    wizard.form.getByText(
      'DigitalOcean Kafka does not support PLAIN (user name and password), so its usual method, SCRAM-SHA-256, is chosen instead.',
    ),
  ).toBeVisible();
  await expect(wizard.field('Authentication method')).toHaveValue('SCRAM-SHA-256');
  await expect(wizard.field('Authentication method').locator('option', { hasText: 'Choose a method…' })).toHaveCount(0);
  await expect(wizard.field('Password')).toHaveValue('never-stored-secret');
  await wizard.next('Destination');
  await wizard.fill({ Table: 'events' });

  await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).join('\n'))).toContain('"table":"events"');
  expect(await page.evaluate(() => Object.values(sessionStorage).join('\n'))).not.toContain('never-stored-secret');

  await page.reload();
  await wizard.expectStep('Destination');
  await expect(wizard.field('Table')).toHaveValue('events');
  await expect(main(page).getByText('Secrets were not kept')).toBeVisible();
  await wizard.form.getByRole('button', { name: 'Back' }).click();
  await wizard.expectStep('Connection');
  await expect(wizard.field('Brokers')).toHaveValue('b-1:9092');
  await expect(wizard.field('Broker type')).toHaveValue('vendor_7');
  await expect(wizard.field('Authentication method')).toHaveValue('SCRAM-SHA-256');
  await expect(wizard.field('User name')).toHaveValue('drafter');
  await expect(wizard.field('Password')).toHaveValue('');
  await expect(
    wizard.form.getByText('Not kept after a reload: secrets never stay in the browser. Enter it again.'),
  ).toBeVisible();

  await wizard.form.getByRole('button', { name: 'Discard draft' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard this draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await wizard.expectStep('Source kind');
  await expect(wizard.field('Pipe name')).toHaveValue('');
});

test('a viewer cannot open the wizard', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto(servicePage('pipes', 'new'));
  await expect(main(page).getByText('Only editors and admins can create pipes')).toBeVisible();
  await expect(main(page).locator('form')).toHaveCount(0);
});

test('the first step comes without the later steps’ code; a step that cannot be fetched says so and keeps what was typed', async ({
  page,
}) => {
  const wizard = new PipeWizard(page);
  const scripts: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (/\/_next\/static\/chunks\/.*\.js$/.test(response.url())) scripts.push(response.text().catch(() => ''));
  });
  await wizard.goto();
  // The Kafka connection step's words are in no script the page has fetched so far.
  expect((await Promise.all(scripts)).some((text) => text.includes('Host and port of each broker'))).toBe(false);

  // Offline from here: the form's checks and the next step cannot be fetched.
  await page.route('**/_next/static/chunks/**', (route) => route.abort('internetdisconnected'));
  await wizard.field('Pipe name').fill('Fetched later');
  await wizard.form.getByRole('radio', { name: 'Kafka' }).check();
  await wizard.form.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.form.getByRole('alert')).toContainText('Check your connection');
  await wizard.expectStep('Source kind');
  await expect(wizard.field('Pipe name')).toHaveValue('Fetched later');

  await page.unroute('**/_next/static/chunks/**');
  await wizard.next('Connection');
  await expect(wizard.field('Brokers')).toBeVisible();
  await expect(wizard.form.getByRole('alert')).toHaveCount(0);
});
