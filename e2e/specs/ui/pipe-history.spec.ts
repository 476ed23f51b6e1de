/**
 * A pipe's history as the console stores it: the state timeline of a pipe that failed and
 * recovered upstream (through the emulator's control routes), still there after a reload, and
 * charts over ranges up to the retention.
 */
import type { Page } from '@playwright/test';
import { expect, main, test } from '../../fixtures/test';
import { emulator } from '../../fixtures/emulator';
import { pipeIdByName } from '../../pages/upstream';
import { servicePage } from '../../pages/service-pages';

const PIPE = 'Clickstream';
const REASON = 'Kinesis stream clickstream-prod was deleted';
/** The console scrapes every second here; the timeline is read again every 5 s. */
const SEEN = { timeout: 20_000 };

async function openPipe(page: Page, name: string) {
  await page.goto(servicePage('pipes'));
  await main(page).getByRole('table', { name: 'Pipes' }).getByRole('link', { name, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a pipe that failed and recovered upstream shows both in its stored state timeline, after a reload too', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  const id = await pipeIdByName(PIPE);
  await openPipe(page, PIPE);
  const panel = main(page).getByRole('region', { name: 'State timeline' });
  const entries = panel.getByRole('list', { name: 'State timeline' }).getByRole('listitem');
  await expect(panel).toContainText('What the console saw over the last 14 days, newest first.');
  await expect(entries.first()).toContainText('Running', SEEN);

  await emulator.failPipe(id, REASON);
  await expect(entries.first()).toContainText('Failed', SEEN);
  await emulator.recoverPipe(id);
  await expect(entries.first()).toContainText('Recovered', SEEN);
  // The upstream did it, not someone in Sluice.
  await expect(entries.first()).not.toContainText('by ');

  // Read from the console's database: a fresh page has the same story.
  await page.reload();
  await expect(entries.nth(0)).toContainText('Recovered');
  await expect(entries.nth(1)).toContainText('Failed');
  await expect(entries.nth(0).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
});

test('the charts reach back to the retention: ranges up to 14 days, drawn from the stored history', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  await openPipe(page, 'Orders events');
  const metrics = main(page).getByRole('region', { name: 'Metrics' });
  const range = metrics.getByRole('combobox', { name: 'Time range' });
  const chart = metrics.getByRole('figure', { name: 'Rows per second' });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible(SEEN);
  await expect(range.getByRole('option')).toHaveText([
    'Last 15 minutes',
    'Last hour',
    'Last 6 hours',
    'Last 24 hours',
    'Last 3 days',
    'Last 7 days',
    'Last 14 days',
  ]);

  await range.selectOption({ label: 'Last 14 days' });
  await expect(page).toHaveURL(/[?&]range=14d\b/);
  await expect(chart.locator('svg.recharts-surface')).toBeVisible(SEEN);
  await expect(metrics.getByText(/kept 14 days\.$/)).toBeVisible();
});
