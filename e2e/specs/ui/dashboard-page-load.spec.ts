/**
 * How a dashboard page arrives: read on the server while the page renders, so the dashboard is in
 * its HTML (never for someone signed out), and read by the browser when the server could not.
 */
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { emulator } from '../../fixtures/emulator';
import { ossCall } from '../../fixtures/observability-upstream';
import { expect, main, test } from '../../fixtures/test';

test.beforeEach(async ({ signIn }) => {
  await signIn('editor');
});

async function noteDashboard(name: string): Promise<string> {
  const made = await ossCall<{ data: { id: string } }>('POST', '/dashboards', {
    name,
    tags: ['html'],
    tiles: [{ name: 'A note', x: 0, y: 0, w: 6, h: 3, series: [{ type: 'markdown', content: 'Hello' }] }],
  });
  expect(made.status).toBe(200);
  return `/dashboards/${made.body.data.id}`;
}

test('a dashboard page arrives with the dashboard in its HTML, and never for someone signed out', async ({
  page,
  playwright,
  baseURL,
}) => {
  const path = await noteDashboard('Arrives whole');
  // The server reads the dashboard while it renders: name and controls are there before any script runs, with no skeleton first.
  const html = await (await page.request.get(path)).text();
  expect(html).toMatch(/<h1[^>]*>Arrives whole<\/h1>/);
  expect(html).toContain('Filter every tile');
  expect(html).not.toContain('Loading dashboard');

  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const signedOut = await stranger.get(path, { maxRedirects: 0 });
    expect(await signedOut.text()).not.toContain('Arrives whole');
  } finally {
    await stranger.dispose();
  }
});

test('a dashboard the server could not read while rendering is read by the browser, with its error and a retry', async ({
  page,
}) => {
  const path = await noteDashboard('Arrives later');
  await emulator.addFault({ method: 'GET', path: `/api/v2${path}`, status: 503 }, 'observability');
  try {
    await page.goto(path);
    await expect(main(page).getByText('Could not load the dashboard')).toBeVisible({ timeout: 20_000 });
  } finally {
    await emulator.clearFaults('observability');
  }
  await main(page).getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Arrives later' })).toBeVisible();
  await expect(new DashboardEditorPage(page).tile('A note')).toBeVisible();
});
