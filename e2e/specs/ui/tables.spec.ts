/**
 * The console's lists share one table: a person sorts and pages the pipes, and the view stays in
 * the URL (a reload and a shared link open the same page of the same order, the back button
 * returns to the previous one); on a phone the pipes keep their name, state and rate.
 */
import { randomUUID } from 'node:crypto';
import { emulator } from '../../fixtures/emulator';
import { expect, hydrated, main, test } from '../../fixtures/test';
import { cloudGet, servicePath } from '../../pages/upstream';

/** The service answers with 30 pipes: the seeded ones, copied under the names "Pipe 01" … "Pipe 30". */
async function thirtyPipes(): Promise<void> {
  const seeded = (await cloudGet<Record<string, unknown>[]>(`${servicePath}/clickpipes`)).result!;
  const pipes = Array.from({ length: 30 }, (_, index) => ({
    ...seeded[index % seeded.length],
    id: randomUUID(),
    name: `Pipe ${String(index + 1).padStart(2, '0')}`,
  }));
  await emulator.addFault({
    method: 'GET',
    path: 're:/clickpipes$',
    status: 200,
    body: { status: 200, requestId: randomUUID(), result: pipes },
  });
}

test.afterEach(() => emulator.clearFaults());

test('sorting and paging the pipes table is kept in the URL through a reload and the back button', async ({
  page,
  signIn,
}) => {
  await thirtyPipes();
  await signIn('viewer');
  await page.goto('/pipes');
  const table = main(page).getByRole('table', { name: 'Pipes' });
  const pager = main(page).getByRole('navigation', { name: 'Pipes pages' });
  const names = table.getByRole('rowheader').getByRole('link');
  await expect(pager.getByRole('status')).toHaveText('1–25 of 30');
  await expect(names.first()).toHaveText('Pipe 01');

  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await hydrated(page);
  // Sorted from the keyboard: the header is a button.
  await nameHeader.getByRole('button', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/\/pipes\?sort=-name$/);
  await expect(names.first()).toHaveText('Pipe 30');

  await pager.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(pager.getByRole('status')).toHaveText('1–10 of 30');
  await expect(page).toHaveURL(/\/pipes\?sort=-name&size=10$/);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/pipes\?sort=-name&size=10&page=2$/);
  await expect(pager.getByRole('status')).toHaveText('11–20 of 30');
  await expect(names).toHaveCount(10);
  await expect(names.first()).toHaveText('Pipe 20');

  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect(pager.getByRole('status')).toHaveText('11–20 of 30');
  await expect(names.first()).toHaveText('Pipe 20');
  await expect(pager.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');

  await page.goBack();
  await expect(pager.getByRole('status')).toHaveText('1–10 of 30');
  await expect(names.first()).toHaveText('Pipe 30');

  // A filter starts the list again from its first page and keeps the order.
  await page.goForward();
  await expect(pager.getByRole('status')).toHaveText('11–20 of 30');
  await main(page).getByRole('combobox', { name: 'Source kind' }).selectOption({ label: 'Kafka' });
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page).not.toHaveURL(/page=/);
});

test('a column hidden from the Columns menu leaves the table, and comes back', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/pipes');
  const table = main(page).getByRole('table', { name: 'Pipes' });
  await expect(table.getByRole('columnheader', { name: 'Destination table' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Columns of Pipes' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Destination table' }).click();
  await expect(table.getByRole('columnheader', { name: 'Destination table' })).toHaveCount(0);
  await page.getByRole('menuitemcheckbox', { name: 'Destination table' }).click();
  await expect(table.getByRole('columnheader', { name: 'Destination table' })).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the pipes table shows each pipe’s name, state and rate, and its headers whole', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/pipes');
    const table = main(page).getByRole('table', { name: 'Pipes' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Orders events' }) });
    await expect(row.getByRole('link', { name: 'Orders events' })).toBeVisible();
    await expect(row.getByRole('cell').first()).toContainText('Running');
    // The rate appears once the metrics have been scraped twice.
    await expect(row.getByText(/^Rows now/)).toBeVisible();
    await expect(row.getByText(/^Rows now\s*[\d.,]+\s*[KMB]?\/s$/)).toBeVisible();
    for (const header of await table.getByRole('columnheader').all()) {
      // A header's words are never cut: its text fits in its box.
      expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
