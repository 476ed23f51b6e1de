/**
 * Charts a person can read, and a dashboard on a phone: a pie names its slices (legend with
 * shares, a click drills down), a Markdown note cut off at the tile's edge shows that it scrolls
 * and scrolls by keyboard, the alert form says which series it watches, and at 390 px the
 * dashboard's controls fold behind one button so the first tile is on the first screen.
 */
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { emulator } from '../../fixtures/emulator';
import { ossCall } from '../../fixtures/observability-upstream';
import { expect, main, test } from '../../fixtures/test';

const SERVICE_HEALTH = '67fde92fda19d1c3635e9934';

async function dashboardId(name: string): Promise<string> {
  const { body } = await ossCall<{ data: { id: string; name: string }[] }>('GET', '/dashboards');
  return body.data.find((d) => d.name === name)!.id;
}

test.beforeEach(async ({ signIn }) => {
  await emulator.reset();
  await signIn('editor');
});

test('a pie names its slices with their shares, and a slice in the legend drills the dashboard down', async ({
  page,
}) => {
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${await dashboardId('Overview (every tile type)')}`);
  const legend = editor.tile('Requests by service').getByRole('list', { name: 'Slices' });
  await expect(legend.getByRole('listitem')).toHaveCount(4);
  const names = await legend.getByRole('listitem').allTextContents();
  expect(names.map((n) => n.replace(/\d+%$/, '')).sort()).toEqual(['auth', 'checkout', 'payments', 'search']);
  const shares = names.map((n) => Number(/(\d+)%$/.exec(n)![1]));
  expect(shares.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(98);
  // Slices wide enough carry their share in the ring.
  await expect(
    editor
      .tile('Requests by service')
      .locator('svg text')
      .filter({ hasText: /^\d+%$/ })
      .first(),
  ).toBeVisible();

  await legend.getByRole('button', { name: /^checkout: .*Filter the dashboard to it$/ }).click();
  await expect(page).toHaveURL(/q=ServiceName%3A%22checkout%22/);
});

test('stacked bars stack every level in each bucket, list each level with its count under the pointer, and drop a hidden one', async ({
  page,
}) => {
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${await dashboardId('Overview (every tile type)')}`);
  const levels = editor.tile('Log levels over time');
  const toggles = levels.getByRole('list', { name: 'Lines' }).locator('button[aria-pressed]');
  await expect(toggles.first()).toBeVisible();
  const names = (await toggles.allTextContents()).map((name) => name.trim());
  expect(names.length).toBeGreaterThan(1);
  const bars = levels.locator('.recharts-bar-rectangle');
  await expect(bars.first()).toBeVisible();
  const segments = async () => levels.locator('.recharts-bar-rectangle rect').count();
  const before = await segments();
  expect(before).toBeGreaterThan(await bars.count());

  // Pointing at a bar: the bucket's time, then one line per level with its count.
  const plot = (await levels.locator('.recharts-surface').first().boundingBox())!;
  await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
  await page.mouse.move(plot.x + plot.width / 2 + 3, plot.y + plot.height / 2);
  const tooltip = levels.locator('.recharts-tooltip-wrapper');
  await expect(tooltip.locator('.recharts-tooltip-item').first()).toBeVisible();
  const items = await tooltip.locator('.recharts-tooltip-item').allTextContents();
  for (const item of items) expect(item).toMatch(/^\S+ : \d/);
  expect(items.map((item) => item.split(' : ')[0]).every((name) => names.includes(name!))).toBe(true);
  await page.mouse.move(0, 0);

  // A level hidden from the legend leaves every stack.
  await toggles.first().click();
  await expect(toggles.first()).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(segments).toBeLessThan(before);
});

test('a note longer than its tile shows that it scrolls, and scrolls by keyboard', async ({ page }) => {
  const lines = Array.from({ length: 40 }, (_, i) => `- Step ${i + 1} of the runbook`).join('\n');
  const created = await ossCall<{ data: { id: string } }>('POST', '/dashboards', {
    name: 'Long note',
    tags: [],
    tiles: [
      { name: 'Runbook', x: 0, y: 0, w: 8, h: 4, series: [{ type: 'markdown', content: `# Runbook\n\n${lines}` }] },
      { name: 'Short', x: 8, y: 0, w: 8, h: 4, series: [{ type: 'markdown', content: 'One line.' }] },
    ],
  });
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${created.body.data.id}`);
  const note = editor.tile('Runbook').getByRole('region', { name: 'Note, scrolls for more' });
  await expect(note).toBeVisible();
  await expect(editor.tile('Runbook').getByText('More below ↓')).toBeVisible();
  // A note that fits is no scroll region and has no cue.
  await expect(editor.tile('Short').getByText('One line.')).toBeVisible();
  await expect(editor.tile('Short').getByRole('region')).toHaveCount(0);
  await expect(editor.tile('Short').getByText('More below ↓')).toHaveCount(0);

  await note.focus();
  await page.keyboard.press('End');
  await expect(editor.tile('Runbook').getByText('Step 40 of the runbook')).toBeInViewport();
  await expect(editor.tile('Runbook').getByText('More below ↓')).toHaveCount(0);
});

test('the alert form says which series it watches and draws the threshold against it', async ({ page }) => {
  await page.goto(`/dashboards/${SERVICE_HEALTH}`);
  const tile = main(page).getByRole('article', { name: 'Requests by service', exact: true });
  await tile.getByRole('button', { name: 'Actions for tile Requests by service' }).click();
  await page.getByRole('menuitem', { name: 'Alert on this tile…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert on this tile' });
  const preview = dialog.getByRole('region', { name: 'What this alert would have done' });
  await expect(preview).toContainText(
    "Watches “count”. The tile's groups by ServiceName are checked together, as one value per check.",
  );
  // One line: the watched series, not one per group of the tile.
  await expect(preview.locator('.recharts-line-curve')).toHaveCount(1);
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the dashboard's controls fold behind one button, and the first tile is on the first screen", async ({
    page,
  }) => {
    const editor = new DashboardEditorPage(page);
    await editor.goto(`/dashboards/${SERVICE_HEALTH}`);
    const toggle = main(page).getByRole('button', { name: /^Time range and filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('No filter');
    const filter = main(page).getByRole('textbox', { name: 'Filter every tile' });
    await expect(filter).toBeHidden();
    const first = await editor.box('Requests by service');
    expect(first.y).toBeLessThan(500);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await filter.fill('ServiceName:checkout');
    await main(page).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/q=ServiceName%3Acheckout/);
    await toggle.click();
    await expect(filter).toBeHidden();
    await expect(toggle).toContainText('Filter: ServiceName:checkout');
  });
});
