/**
 * Alerts on both observability surfaces through the UI, checked against the emulator: create with
 * a webhook chosen from the list, edit, delete; the managed surface's hand-typed webhook id with a
 * bad id refused on its field; viewers read only. Sources and webhooks list the seeded ones.
 */
import type { Locator, Page } from '@playwright/test';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const OSS_ALERTS = '/api/observability/v2/alerts';

const alertsTable = (page: Page) => main(page).getByRole('table', { name: 'Alerts' });
const row = (page: Page, name: string) =>
  alertsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

async function rowAction(page: Page, name: string, action: 'Edit' | 'Delete'): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

function waitForAlertCall(page: Page, method: string, path: RegExp | string) {
  return page.waitForResponse(
    (r) => r.request().method() === method && (typeof path === 'string' ? r.url().endsWith(path) : path.test(r.url())),
  );
}

async function fillThreshold(dialog: Locator, value: string): Promise<void> {
  await dialog.getByRole('spinbutton', { name: 'Threshold' }).fill(value);
}

test.describe('as an editor', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn('editor');
  });

  test('creates an alert choosing a webhook, sees it listed, edits and deletes it', async ({ page }) => {
    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alerts', exact: true })).toHaveAttribute('aria-current', 'page');
    const seeded = row(page, 'Error spike');
    await expect(seeded).toContainText('Service health');
    await expect(seeded).toContainText('Errors');
    await expect(seeded).toContainText('Above 100');
    await expect(seeded).toContainText('Every 5 minutes');
    await expect(seeded).toContainText('Ops Slack');
    // The state the upstream reports (evaluated on the seeded events), and a silence with its end.
    await expect(seeded.getByText(/^(Firing|Pending|OK|No data)$/)).toBeVisible();
    await expect(row(page, 'Error budget')).toContainText('Silenced until');

    await main(page).getByRole('button', { name: 'Create alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create alert' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Slow requests');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('p95 latency is high');
    await dialog.getByRole('combobox', { name: 'Dashboard' }).selectOption({ label: 'Service health' });
    await dialog.getByRole('combobox', { name: 'Tile' }).selectOption({ label: 'p95 latency' });
    await fillThreshold(dialog, '250');
    await dialog.getByRole('combobox', { name: 'Interval' }).selectOption({ label: 'Every 15 minutes' });
    await dialog.getByRole('combobox', { name: 'Webhook' }).selectOption({ label: 'On-call bridge (generic)' });
    const created = waitForAlertCall(page, 'POST', OSS_ALERTS);
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    expect((await created).status()).toBe(200);
    await expect(dialog).toBeHidden();

    const added = row(page, 'Slow requests');
    await expect(added).toContainText('p95 latency');
    await expect(added).toContainText('Above 250');
    await expect(added).toContainText('Every 15 minutes');
    await expect(added).toContainText('On-call bridge');

    // Edit: the dialog starts from the stored alert; a replace keeps what was not changed.
    await rowAction(page, 'Slow requests', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit alert' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('Slow requests');
    await expect(edit.getByRole('combobox', { name: 'Webhook' }).locator('option:checked')).toHaveText(
      'On-call bridge (generic)',
    );
    await expect(edit.getByRole('combobox', { name: 'Tile' }).locator('option:checked')).toHaveText('p95 latency');
    await edit.getByRole('combobox', { name: 'Threshold type' }).selectOption({ label: 'Below' });
    await fillThreshold(edit, '500');
    await edit.getByRole('combobox', { name: 'Interval' }).selectOption({ label: 'Every hour' });
    const saved = waitForAlertCall(page, 'PUT', /\/api\/observability\/v2\/alerts\/[0-9a-f]{24}$/);
    await edit.getByRole('button', { name: 'Save alert' }).click();
    const saveResponse = await saved;
    expect(saveResponse.status()).toBe(200);
    expect(saveResponse.request().postDataJSON()).toMatchObject({
      message: 'p95 latency is high',
      threshold: 500,
      thresholdType: 'below',
      interval: '1h',
    });
    await expect(edit).toBeHidden();
    await expect(added).toContainText('Below 500');
    await expect(added).toContainText('Every hour');

    await rowAction(page, 'Slow requests', 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete alert “Slow requests”?' });
    const deleted = waitForAlertCall(page, 'DELETE', /\/api\/observability\/v2\/alerts\/[0-9a-f]{24}$/);
    await confirm.getByRole('button', { name: 'Delete alert' }).click();
    expect((await deleted).status()).toBe(200);
    await expect(added).toHaveCount(0);
    await expect(seeded).toBeVisible();
  });

  test('creates an alert on a dashboard tile; the tile shows it has one and the alerts page lists it', async ({
    page,
  }) => {
    await page.goto('/dashboards/67fde92fda19d1c3635e9934');
    const latency = main(page).getByRole('article', { name: 'p95 latency', exact: true });
    await expect(latency).toBeVisible();
    await expect(main(page).getByRole('article', { name: 'Errors', exact: true })).toContainText('1 alert');
    await expect(latency).not.toContainText('alert');

    await latency.getByRole('button', { name: 'Actions for tile p95 latency' }).click();
    await page.getByRole('menuitem', { name: 'Alert on this tile…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alert on this tile' });
    await expect(dialog).toContainText('p95 latency');
    // The tile is the target: no dashboard or tile to choose; the name comes from the tile.
    await expect(dialog.getByRole('combobox', { name: 'Dashboard' })).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('p95 latency alert');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Latency over budget');
    // The tile's recent values are drawn with the threshold across them.
    const preview = dialog.getByRole('region', { name: 'What this alert would have done' });
    await expect(preview.locator('.recharts-line-curve').first()).toBeVisible();
    await fillThreshold(dialog, '300');
    await expect(preview.getByText(/^Threshold 300/)).toBeVisible();
    await expect(
      preview.getByText(/^It would (not have fired in|have fired in \d+ of) the last 30 checks\.$/),
    ).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Webhook' }).selectOption({ label: 'Ops Slack (slack)' });
    const created = waitForAlertCall(page, 'POST', OSS_ALERTS);
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    const response = await created;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      source: 'tile',
      dashboardId: '67fde92fda19d1c3635e9934',
      threshold: 300,
    });
    await expect(dialog).toBeHidden();
    await expect(latency).toContainText('1 alert');

    await page.goto('/alerts');
    const added = row(page, 'Latency over budget');
    await expect(added).toContainText('Service health');
    await expect(added).toContainText('p95 latency');
    await expect(added).toContainText('Ops Slack');
  });

  test('names the missing fields and sends nothing', async ({ page }) => {
    await page.goto('/alerts');
    await main(page).getByRole('button', { name: 'Create alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create alert' });
    await expect(dialog.getByRole('combobox', { name: 'Webhook' })).toContainText('Ops Slack');
    await emulator.clearRequests('observability');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Name is required/);
    await expect(dialog.getByRole('spinbutton', { name: 'Threshold' })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Dashboard is required')).toBeVisible();
    await expect(dialog.getByText('Webhook is required')).toBeVisible();
    const posts = (await emulator.requests('observability')).filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  test('on the managed surface types the webhook id by hand; a bad id is refused on its field', async ({ page }) => {
    await page.goto(servicePage('managed', 'alerts'));
    await expect(page.getByRole('link', { name: 'Managed (this service)' })).toHaveAttribute('aria-current', 'page');
    await expect(row(page, 'Error spike')).toContainText('Service overview');

    await main(page).getByRole('button', { name: 'Create alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create alert' });
    await expect(dialog.getByRole('combobox', { name: 'Webhook' })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Latency budget');
    await dialog.getByRole('combobox', { name: 'Dashboard' }).selectOption({ label: 'Service overview' });
    await dialog.getByRole('combobox', { name: 'Tile' }).selectOption({ label: 'p95 latency' });
    await fillThreshold(dialog, '800');
    const webhookId = dialog.getByRole('textbox', { name: 'Webhook id' });
    await webhookId.fill('ops-slack');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(webhookId).toHaveAttribute('aria-invalid', 'true');
    await expect(webhookId).toHaveAccessibleDescription(/Webhook must be 24 hexadecimal characters or a UUID/);
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Latency budget');

    await webhookId.fill('65f0c0ffee0123456789abcd');
    const created = waitForAlertCall(page, 'POST', /\/observability\/alerts$/);
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    expect((await created).status()).toBe(200);
    await expect(dialog).toBeHidden();
    const added = row(page, 'Latency budget');
    await expect(added).toContainText('p95 latency');
    await expect(added).toContainText('65f0c0ffee0123456789abcd');
  });
});

test('a viewer sees alerts but cannot change them (their History and Terraform only)', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/alerts');
  await expect(row(page, 'Error spike')).toBeVisible();
  const create = main(page).getByRole('button', { name: 'Create alert' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Only editors and admins can create and change alerts.');
  await row(page, 'Error spike')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText(['History', 'View as Terraform']);
});

test('sources and webhooks list the seeded ones with their kinds and services', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/sources');
  const sources = main(page).getByRole('table', { name: 'Sources' });
  for (const [name, kind] of [
    ['Logs', 'Logs'],
    ['Traces', 'Traces'],
    ['Metrics', 'Metrics'],
    ['Sessions', 'Sessions'],
  ] as const) {
    await expect(
      sources.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) }),
    ).toContainText(kind);
  }
  await expect(sources).toContainText('default.otel_logs');

  await main(page).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  const webhooks = main(page).getByRole('table', { name: 'Webhooks' });
  const slack = webhooks.getByRole('row').filter({ hasText: 'Ops Slack' });
  await expect(slack).toContainText('Slack');
  await expect(slack).toContainText('hooks.slack.com');
  // A Slack webhook's path is its secret: only the host is shown.
  await expect(webhooks).not.toContainText('/services/');
  await expect(webhooks.getByRole('row').filter({ hasText: 'On-call bridge' })).toContainText('Generic');

  await page.goto(servicePage('managed', 'sources'));
  const managed = main(page).getByRole('table', { name: 'Sources' });
  await expect(managed.getByRole('row')).toHaveCount(3);
  await expect(main(page).getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
});
