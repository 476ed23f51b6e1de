/**
 * An admin wires a webhook channel and a rule through the pages; a pipe failing upstream reaches a
 * receiver on loopback as exactly one signed "firing" message carrying the reason, its recovery as
 * one "resolved"; the bell counts the in-console messages and opens the pipe.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, main, test } from '../../fixtures/test';
import { emulator } from '../../fixtures/emulator';
import { pipeIdByName } from '../../pages/upstream';
import { servicePage } from '../../pages/service-pages';

const PIPE = 'Orders events';
const REASON = 'Topic orders was deleted on the broker';
const SECRET = 'e2e-webhook-signing-secret';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sluice`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const bodies = () =>
  received.map(
    (message) => JSON.parse(message.body) as { event: string; state: string; reason?: string; pipe?: { name: string } },
  );
const ofState = (state: string) => bodies().filter((body) => body.state === state && body.pipe?.name === PIPE);

/** The failure reason is read from the service's own log, which the console may read once an admin allows it. */
async function allowLogAccess(page: Page, id: string) {
  await page.goto(servicePage('pipes', id));
  await expect(main(page).getByRole('heading', { level: 1, name: PIPE })).toBeVisible();
  // Every test starts from the emulator's seeded state, where the console may not read it yet.
  await main(page).getByRole('button', { name: 'Read this service’s logs and tables' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Allow read-only access' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text);

test('a failing pipe reaches a signed webhook once, with its reason; the recovery resolves it; the bell shows it', async ({
  page,
  signIn,
}) => {
  const id = await pipeIdByName(PIPE);
  const run = Date.now().toString(36);
  await signIn('admin');
  await allowLogAccess(page, id);

  // A webhook channel, then a test message through it.
  await page.goto('/notifications/channels');
  const channelName = `Ops receiver ${run}`;
  const form = main(page).getByRole('region', { name: 'Add a channel' });
  // A channel without a name is refused in the form, the error named under the field; the URL typed stays.
  await form.getByLabel('Type').selectOption('webhook');
  await form.getByLabel('Webhook URL').fill('ftp://not-a-web-address');
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(/Name is required/);
  await expect(form.getByLabel('Webhook URL')).toHaveValue('ftp://not-a-web-address');
  // The BFF refuses a URL that is not http(s): its field error goes under the field, what was typed stays.
  await form.getByLabel('Name').fill(channelName);
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(form.getByLabel('Webhook URL')).toHaveAccessibleDescription(/URL must be an http\(s\) URL/);
  await expect(form.getByLabel('Name')).toHaveValue(channelName);
  await form.getByLabel('Webhook URL').fill(receiverUrl);
  await form.getByLabel('Signing secret').fill(SECRET);
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(toast(page, `Channel “${channelName}” added`)).toBeVisible();
  const row = main(page)
    .getByRole('table', { name: 'Notification channels' })
    .getByRole('row')
    .filter({ hasText: channelName });
  await expect(row).toContainText('Signed');
  await expect(main(page)).not.toContainText(SECRET);
  await row.getByRole('button', { name: `Send a test to ${channelName}` }).click();
  await expect(row.getByRole('status')).toHaveText('Test delivered');
  expect(bodies().filter((body) => body.state === 'test')).toHaveLength(1);

  // A rule for this pipe only, to that channel.
  await page.goto('/notifications/rules');
  const ruleForm = main(page).getByRole('region', { name: 'Add a rule' });
  const ruleName = `Orders pipe failed ${run}`;
  await ruleForm.getByLabel('Name').fill(ruleName);
  await ruleForm.getByLabel('Event').selectOption('pipe_failed');
  await ruleForm.getByLabel('Only these pipes (optional)').fill(id);
  // A rule that sends nowhere is refused in the form, saying so under the channels; nothing typed is lost.
  await ruleForm.getByRole('button', { name: 'Add rule' }).click();
  await expect(ruleForm.getByRole('group', { name: 'Send to' })).toHaveAccessibleDescription(
    'Choose at least one channel',
  );
  await expect(ruleForm.getByLabel('Only these pipes (optional)')).toHaveValue(id);
  await ruleForm.getByLabel(channelName).check();
  await ruleForm.getByRole('button', { name: 'Add rule' }).click();
  await expect(toast(page, `Rule “${ruleName}” added`)).toBeVisible();

  await emulator.failPipe(id, REASON);
  await expect.poll(() => ofState('firing').length, { timeout: 30_000 }).toBe(1);
  const firing = received.find((message) => message.body.includes('"state":"firing"'))!;
  expect(firing.headers['x-sluice-event']).toBe('pipe_failed');
  expect(firing.headers['x-sluice-delivery']).toMatch(/^[0-9a-f-]{36}$/);
  expect(firing.headers['x-sluice-signature']).toBe(
    `sha256=${createHmac('sha256', SECRET).update(firing.body).digest('hex')}`,
  );
  expect(ofState('firing')[0]).toMatchObject({ event: 'pipe_failed', reason: REASON });

  await emulator.recoverPipe(id);
  await expect.poll(() => ofState('resolved').length, { timeout: 30_000 }).toBe(1);
  expect(ofState('firing')).toHaveLength(1);

  // /metrics counts what the background engine did (it runs beside the routes, in the same registry).
  const metrics = await (await page.request.get('/metrics')).text();
  expect(metrics).toMatch(/^sluice_notification_evaluations_total [1-9]\d*$/m);
  expect(metrics).toMatch(
    /^sluice_notification_delivery_attempts_total\{channel="webhook",outcome="delivered"\} [1-9]\d*$/m,
  );

  // The in-console centre (the default rule) has it too: the bell counts, the list opens the pipe.
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /^Notifications, [1-9]\d* unread$/ })).toBeVisible();
  const message = main(page)
    .getByRole('listitem')
    .filter({ hasText: `Pipe “${PIPE}” failed` })
    .first();
  await expect(message).toContainText(REASON);
  await message.getByRole('button', { name: /^Mark read/ }).click();
  await expect(toast(page, 'Marked read')).toBeVisible();
  await main(page)
    .getByRole('listitem')
    .filter({ hasText: `Pipe “${PIPE}” recovered` })
    .first()
    .getByRole('link', { name: 'Open the pipe' })
    .click();
  await expect(main(page).getByRole('heading', { level: 1, name: PIPE })).toBeVisible();

  // The deliveries page shows each attempt.
  await page.goto('/notifications/deliveries');
  const delivery = main(page)
    .getByRole('row')
    .filter({ hasText: `Pipe “${PIPE}” failed` })
    .filter({ hasText: channelName });
  await expect(delivery).toContainText('Delivered');
  await expect(delivery.getByRole('list', { name: 'Attempts' })).toContainText('(200)');
});
