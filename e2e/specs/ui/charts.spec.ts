/**
 * Charts on the seeded open-source dashboard "Service health", drawn from the emulator's chart
 * engine: lines and legend, number tiles, the time range kept in the URL (a new query per range),
 * and an upstream chart failure shown in the one tile it hit.
 */
import type { Page, Request } from '@playwright/test';
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';

const SERVICE_HEALTH = '67fde92fda19d1c3635e9934';
const CHART_PATH = '/api/observability/v2/charts/series';
const DAY = 86_400_000;

const tile = (page: Page, name: string) => main(page).getByRole('article', { name, exact: true });
const isChartQuery = (request: Request) => request.method() === 'POST' && request.url().endsWith(CHART_PATH);

test.beforeEach(async ({ signIn }) => {
  await signIn('viewer');
});

test('draws the tiles, hides a line from the legend and follows the time range in the URL', async ({ page }) => {
  await page.goto(`/dashboards/${SERVICE_HEALTH}`);
  const requests = tile(page, 'Requests by service');
  await expect(requests.locator('svg .recharts-line-curve').first()).toBeVisible();
  const lines = await requests.locator('svg .recharts-line-curve').count();
  expect(lines).toBeGreaterThan(1);
  await expect(requests.locator('svg path.recharts-curve').first()).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+L/);
  // Grid lines run across the plot at the value axis's ticks (and its edges), none down it.
  expect(await requests.locator('.recharts-cartesian-grid-horizontal line').count()).toBeGreaterThanOrEqual(3);
  await expect(requests.locator('.recharts-cartesian-grid-vertical line')).toHaveCount(0);

  // The legend hides and shows a line, by button.
  const legend = requests.getByRole('list', { name: 'Lines' });
  const first = legend.getByRole('button').first();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(requests.locator('svg .recharts-line-curve')).toHaveCount(lines - 1);
  await first.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(requests.locator('svg .recharts-line-curve')).toHaveCount(lines);

  // Pointing at the plot shows the values under the pointer, with the time they belong to.
  const plot = requests.locator('.recharts-surface').first();
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 3);
  const tooltip = requests.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toBeVisible();
  await expect(tooltip.locator('.recharts-tooltip-item').first()).toHaveText(/\S+ : \d/);
  await page.mouse.move(0, 0);

  // A number tile: one large value.
  await expect(tile(page, 'Errors (total)')).toContainText(/\d/);

  // Another range: the URL says so and every chart asks again, for 7 days.
  const next = page.waitForRequest(
    (r) => isChartQuery(r) && r.postDataJSON().endTime - r.postDataJSON().startTime === 7 * DAY,
  );
  await main(page).getByRole('combobox', { name: 'Time range' }).selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL(/[?&]range=7d/);
  const request = await next;
  expect(request.postDataJSON()).toMatchObject({ granularity: '6h' });
  await expect(requests.locator('svg .recharts-line-curve').first()).toBeVisible();

  // The link reproduces the view.
  await page.reload();
  await expect(main(page).getByRole('combobox', { name: 'Time range' })).toHaveValue('7d');
});

test('a custom range is checked field by field and then kept in the URL', async ({ page }) => {
  await page.goto(`/dashboards/${SERVICE_HEALTH}`);
  await main(page).getByRole('combobox', { name: 'Time range' }).selectOption({ label: 'Custom range…' });
  const custom = main(page).getByRole('form', { name: 'Custom time range' });
  await custom.getByLabel('From').fill('2030-06-15T12:00');
  await custom.getByLabel('To').fill('2030-06-15T11:00');
  await custom.getByRole('button', { name: 'Apply range' }).click();
  await expect(custom.getByLabel('To')).toHaveAccessibleDescription('To must be after From');
  await expect(page).not.toHaveURL(/from=/);

  await custom.getByLabel('To').fill('2030-06-15T18:00');
  await custom.getByRole('button', { name: 'Apply range' }).click();
  await expect(page).toHaveURL(/[?&]from=\d+&to=\d+/);
  await expect(main(page).getByRole('combobox', { name: 'Live refresh' })).toBeDisabled();
});

test('an upstream chart failure shows its message in the tile it hit, and a retry recovers', async ({ page }) => {
  await emulator.clearRequests('observability');
  await emulator.addFault(
    {
      method: 'POST',
      path: '/api/v2/charts/series',
      status: 500,
      body: { error: 'Query timed out on the database' },
      times: 1,
    },
    'observability',
  );
  await page.goto(`/dashboards/${SERVICE_HEALTH}`);
  const failed = main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('alert') });
  await expect(failed).toHaveCount(1);
  await expect(failed.getByRole('alert')).toContainText('Query timed out on the database');

  // Every other chart tile drew.
  await expect(
    tile(page, 'Errors (total)')
      .or(tile(page, 'p95 latency'))
      .or(tile(page, 'Errors'))
      .or(tile(page, 'Requests by service'))
      .filter({ hasNot: page.getByRole('alert') }),
  ).toHaveCount(3);

  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(main(page).getByRole('alert')).toHaveCount(0);

  // One read per tile and the retry: the failed read was shown, not silently read again.
  const readStatuses = async () =>
    (await emulator.requests('observability'))
      .filter((r) => r.method === 'POST' && r.path.endsWith('/charts/series'))
      .map((r) => r.status)
      .sort();
  await expect.poll(readStatuses).toEqual([200, 200, 200, 200, 200, 500]);
});
