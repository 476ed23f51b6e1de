/**
 * Pipes as an editor works with them: the seeded list and its URL-kept filters, a pipe's life
 * through stop and start (watched through its transitional state), deletion with confirmation,
 * and a viewer's read-only detail page.
 */
import type { Page } from '@playwright/test';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const SEEDED = [
  { name: 'Orders events', state: 'Running' },
  { name: 'Clickstream', state: 'Running' },
  { name: 'Daily export backfill', state: 'Completed' },
  { name: 'Billing database replica', state: 'Running' },
  { name: 'Legacy audit log', state: 'Failed' },
];

/** The emulator moves a pipe on every 300 ms step; the console polls every 2 s while it moves. */
const STATE_CHANGE = { timeout: 15_000 };

const pipesTable = (page: Page) => main(page).getByRole('table', { name: 'Pipes' });
const pipeRow = (page: Page, name: string) =>
  pipesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

async function openPipe(page: Page, name: string) {
  await page.goto(servicePage('pipes'));
  await pipesTable(page).getByRole('link', { name, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('as an editor', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn('editor');
  });

  test('the list shows the seeded pipes and filters them by state through the URL', async ({ page }) => {
    await page.goto(servicePage('pipes'));
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pipes' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(main(page).getByRole('link', { name: 'Create pipe' })).toBeVisible();
    await expect(pipesTable(page).getByRole('row')).toHaveCount(SEEDED.length + 1);
    for (const { name, state } of SEEDED) {
      await expect(pipeRow(page, name).getByRole('cell').nth(0)).toContainText(state);
    }
    // Sources read as their vendors name them, not as API values.
    await expect(pipeRow(page, 'Orders events').getByRole('cell').nth(2)).toHaveText('Apache Kafka');
    await expect(pipeRow(page, 'Legacy audit log').getByRole('cell').nth(2)).toHaveText('Confluent Cloud');
    await expect(pipeRow(page, 'Clickstream').getByRole('cell').nth(2)).toHaveText('Amazon Kinesis');
    await expect(pipeRow(page, 'Daily export backfill').getByRole('cell').nth(2)).toHaveText('Amazon S3');

    await main(page).getByRole('combobox', { name: 'State' }).selectOption('Failed');
    await expect(page).toHaveURL(/[?&]state=Failed\b/);
    await expect(pipesTable(page).getByRole('row')).toHaveCount(2);
    await expect(pipeRow(page, 'Legacy audit log')).toBeVisible();

    // The filter survives a reload, and "All" clears it.
    await page.reload();
    await expect(main(page).getByRole('combobox', { name: 'State' })).toHaveValue('Failed');
    await expect(pipesTable(page).getByRole('row')).toHaveCount(2);
    await main(page).getByRole('combobox', { name: 'State' }).selectOption('All');
    await expect(page).not.toHaveURL(/state=/);
    await expect(pipesTable(page).getByRole('row')).toHaveCount(SEEDED.length + 1);

    await main(page).getByRole('combobox', { name: 'Source kind' }).selectOption('Kafka');
    await expect(page).toHaveURL(/[?&]kind=kafka\b/);
    await expect(pipesTable(page).getByRole('row')).toHaveCount(3);
  });

  test('stopping and starting a pipe shows each state it passes through, and who did it', async ({ page }) => {
    await openPipe(page, 'Orders events');
    const state = main(page).getByRole('status', { name: 'Pipe state' });
    const timeline = main(page).getByRole('list', { name: 'State timeline' });
    await expect(state).toHaveText('Running');
    await expect(main(page).getByRole('button', { name: 'Start' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Resync' })).toHaveCount(0);

    await main(page).getByRole('button', { name: 'Stop' }).click();
    // Stopping says what will happen first; Cancel sends nothing.
    const confirm = page.getByRole('alertdialog', { name: 'Stop pipe “Orders events”?' });
    await expect(confirm).toContainText('The pipe stops reading from its source and writing to “default.orders”.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(state).toHaveText('Running');
    await main(page).getByRole('button', { name: 'Stop' }).click();
    await confirm.getByRole('button', { name: 'Stop pipe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Stopping “Orders events”' })).toBeVisible();
    await expect(state).toHaveText('Stopped', STATE_CHANGE);
    // The stored timeline, newest first: the stop (seen stopping or already stopped) is the editor's.
    await expect(timeline.getByRole('listitem').first()).toContainText('Stopped', STATE_CHANGE);
    await expect(timeline.getByRole('listitem').filter({ hasText: 'by eddie in Sluice' }).first()).toContainText(
      /Stopping|Stopped/,
    );
    await expect(main(page).getByRole('button', { name: 'Stop' })).toHaveCount(0);

    await main(page).getByRole('button', { name: 'Start' }).click();
    await expect(state).toHaveText('Running', STATE_CHANGE);
    await expect(timeline.getByRole('listitem').first()).toContainText('Running', STATE_CHANGE);
    // The start is the editor's too: straight back to running, or through the states of a start.
    await expect(timeline.getByRole('listitem').filter({ hasText: 'by eddie in Sluice' }).first()).toContainText(
      /Resumed|Provisioning|Setup|Snapshot/,
    );
    await expect(main(page).getByRole('button', { name: 'Start' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Stop' })).toBeVisible();
  });

  test('deleting a pipe asks for confirmation and returns to the list', async ({ page }) => {
    await openPipe(page, 'Daily export backfill');
    await expect(main(page).getByRole('button', { name: 'Stop' })).toHaveCount(0);

    await main(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete pipe “Daily export backfill”?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete pipe' }).click();

    await expect(page).toHaveURL(/\/pipes$/);
    await expect(pipesTable(page).getByRole('row')).toHaveCount(SEEDED.length);
    await expect(pipeRow(page, 'Daily export backfill')).toHaveCount(0);
  });
});

test('a viewer sees a pipe without any action', async ({ page, signIn }) => {
  await signIn('viewer');
  await openPipe(page, 'Legacy audit log');
  await expect(main(page).getByRole('status', { name: 'Pipe state' })).toHaveText('Failed');
  await expect(
    main(page).getByText('Your role, Viewer, can view pipes but not start, stop, edit or delete them.'),
  ).toBeVisible();
  for (const name of ['Start', 'Stop', 'Resync', 'Delete']) {
    await expect(main(page).getByRole('button', { name })).toHaveCount(0);
  }
});

test('a pipe page arrives with the pipe in its HTML, and never for someone signed out', async ({
  page,
  signIn,
  playwright,
  baseURL,
}) => {
  await signIn('viewer');
  await page.goto(servicePage('pipes'));
  const href = await pipesTable(page).getByRole('link', { name: 'Orders events', exact: true }).getAttribute('href');
  expect(href).toMatch(new RegExp(`^${servicePage('pipes')}/[0-9a-f-]{36}$`));

  // The server reads the record while it renders, so the name and state are there before any script runs.
  const html = await (await page.request.get(href!)).text();
  expect(html).toMatch(/<h1[^>]*>Orders events<\/h1>/);
  expect(html).not.toContain('Loading pipe…');

  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const signedOut = await stranger.get(href!, { maxRedirects: 0 });
    expect(await signedOut.text()).not.toContain('Orders events');
  } finally {
    await stranger.dispose();
  }
});

test('a running pipe shows its totals and draws each metric chart', async ({ page, signIn }) => {
  await signIn('viewer');
  await openPipe(page, 'Orders events');
  const metrics = main(page).getByRole('region', { name: 'Metrics' });
  // Until the metrics arrive the totals are bars, hidden from assistive technology.
  const rowsIngested = metrics.locator('dl[aria-label="Pipe totals"]:not([aria-hidden]) dd').first();
  await expect(rowsIngested).toHaveText(/\d/, STATE_CHANGE);
  for (const title of [
    'Rows per second',
    'Bytes per second',
    'Errors per second',
    'Latency',
    'CPU (millicores)',
    'Memory (GiB)',
  ]) {
    // Scrolled into view, each chart is drawn (recharts' SVG) in its own turn.
    const chart = metrics.getByRole('figure', { name: title });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('svg.recharts-surface')).toBeVisible(STATE_CHANGE);
  }
  await expect(metrics.getByText(/^(Charted since|Read from the cloud)/)).toBeVisible();
});

test("a pipe's first chart is drawn from the metrics read with its page, without the browser asking for them", async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  await openPipe(page, 'Orders events');
  const metrics = main(page).getByRole('region', { name: 'Metrics' });
  const chart = metrics.getByRole('figure', { name: 'Rows per second' });
  // Once the console has sampled the pipe, its page carries the history it charts.
  await expect(chart.locator('svg.recharts-surface')).toBeVisible(STATE_CHANGE);
  const pipePath = new URL(page.url()).pathname;
  const pipeId = pipePath.split('/').pop()!;

  // The browser's own read of this pipe's metrics never answers: what is drawn came with the page.
  await page.route(
    (url) => url.pathname.startsWith('/api/pipe-metrics/') && url.pathname.endsWith(`/${pipeId}`),
    () => undefined,
  );
  await page.goto(`${pipePath}?range=6h`);
  await expect(metrics.locator('dl[aria-label="Pipe totals"]:not([aria-hidden]) dd').first()).toHaveText(/\d/);
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(metrics.getByRole('combobox', { name: 'Time range' })).toHaveValue('6h');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
