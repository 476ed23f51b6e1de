/**
 * Why a pipe failed and what it landed, read from the service's own tables: access asked for once
 * (the confirmation says what changes), the failure reason on the pipe's page and in the pipes
 * list, the rows landed, an idle service woken only when asked, a dropped destination table.
 */
import type { Page } from '@playwright/test';
import { E2E } from '../../fixtures/env';
import { expect, main, test } from '../../fixtures/test';
import { emulator } from '../../fixtures/emulator';
import { cloudGet, pipeIdByName, servicePath } from '../../pages/upstream';
import { servicePage } from '../../pages/service-pages';

const FAILED = 'Legacy audit log';
const RUNNING = 'Orders events';
const SEEDED_REASON = 'SASL authentication failed for broker b-1.events.internal:9096';

async function openPipe(page: Page, name: string) {
  await page.goto(servicePage('pipes'));
  await main(page).getByRole('table', { name: 'Pipes' }).getByRole('link', { name, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Turns on the console's access as an admin would, through the page. */
async function allowAccess(page: Page) {
  await main(page).getByRole('button', { name: 'Read this service’s logs and tables' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Let the console read this service’s logs and tables?' });
  await expect(dialog).toContainText('sql_console_read_only');
  await expect(dialog).toContainText('The service has no query endpoint yet; this creates one.');
  await dialog.getByRole('button', { name: 'Allow read-only access' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByText('The console can now read this service’s logs and tables'),
  ).toBeVisible();
}

test('an admin allows read access once, and a failed pipe then says why it failed, with the SQL to copy', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await openPipe(page, FAILED);
  await expect(main(page).getByText('Read what the service itself says about this pipe')).toBeVisible();
  await allowAccess(page);

  const why = main(page).getByRole('region', { name: 'Why it failed' });
  await expect(why.getByRole('table', { name: 'Pipe log' })).toContainText(SEEDED_REASON);
  await expect(why.getByRole('button', { name: /Copy the SQL that read system\.clickpipes_log/ })).toBeVisible();
  await why.getByRole('button', { name: 'Open row 1 whole' }).click();
  await expect(page.getByRole('dialog', { name: 'Pipe log: row 1' })).toContainText('invalid username or password');
  await page.keyboard.press('Escape');

  // The service's endpoint now lists the console's key, read-only, and nothing else changed.
  const endpoint = await cloudGet<{ roles: string[]; openApiKeys: string[] }>(`${servicePath}/serviceQueryEndpoint`);
  expect(endpoint.result).toMatchObject({ roles: ['sql_console_read_only'] });
  expect(endpoint.result!.openApiKeys).toHaveLength(1);

  // The pipes list shows the reason beside the failed pipe.
  await page.goto(servicePage('pipes'));
  const row = main(page).getByRole('row').filter({ hasText: FAILED });
  await expect(row).toContainText(`Why: ${SEEDED_REASON}`);
});

test('a pipe that fails upstream shows the reason the service logged; a viewer reads it too', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await openPipe(page, RUNNING);
  await allowAccess(page);
  const rows = main(page).getByRole('region', { name: 'Rows landed' });
  await expect(rows.getByLabel('Rows in the destination table')).toHaveText(/^[1-9][\d,]*$/);
  await expect(rows.getByRole('table', { name: 'Newest rows' })).toBeVisible();

  await emulator.failPipe(await pipeIdByName(RUNNING), 'Topic orders was deleted on the broker');
  await signIn('viewer');
  await page.reload();
  await expect(main(page).getByRole('status', { name: 'Pipe state' })).toContainText('Failed');
  await expect(
    main(page).getByRole('region', { name: 'Why it failed' }).getByRole('table', { name: 'Pipe log' }),
  ).toContainText('Topic orders was deleted on the broker');
  await expect(main(page).getByRole('button', { name: 'Read this service’s logs and tables' })).toHaveCount(0);
});

test('a viewer is told to ask an admin while the console may not read the service', async ({ page, signIn }) => {
  await signIn('viewer');
  await openPipe(page, FAILED);
  await expect(main(page).getByText('Ask an admin to turn on “Read this service’s logs and tables”.')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Read this service’s logs and tables' })).toHaveCount(0);
});

test('an idle service is woken only when the person asks, and a dropped destination is named', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await openPipe(page, RUNNING);
  await allowAccess(page);
  await emulator.setServiceState(E2E.serviceId, 'idle');
  await page.reload();
  const rows = main(page).getByRole('region', { name: 'Rows landed' });
  await expect(rows.getByText('This service is idle; reading its logs will wake it')).toBeVisible();
  await rows.getByRole('button', { name: 'Wake the service and read' }).click();
  await expect(rows.getByRole('table', { name: 'Newest rows' })).toBeVisible();

  await emulator.dropDestination(await pipeIdByName(RUNNING));
  await page.reload();
  await expect(main(page).getByRole('region', { name: 'Rows landed' })).toContainText(
    'The destination table no longer exists',
  );
});
