/**
 * A long dashboard costs what is looked at: the charts on the first screen are drawn, those below
 * the fold are not (even with their data at hand, fetched for an identical tile above) until
 * scrolled to, and every tile is drawn once reached. On a phone the tiles stand one per row in a
 * plain column, not on the draggable grid.
 */
import type { Page } from '@playwright/test';
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { emulator } from '../../fixtures/emulator';
import { ossCall, ossSources } from '../../fixtures/observability-upstream';
import { expect, test } from '../../fixtures/test';

const TILES = 12;

/** Twelve identical line charts, four to a row: one query answers them all. */
async function longDashboard(): Promise<string> {
  const { log } = await ossSources();
  const tiles = Array.from({ length: TILES }, (_, i) => ({
    name: `Errors ${i + 1}`,
    x: (i % 4) * 6,
    y: Math.floor(i / 4) * 5,
    w: 6,
    h: 5,
    config: {
      displayType: 'line',
      sourceId: log,
      select: [{ aggFn: 'count', where: 'SeverityText:error', whereLanguage: 'lucene' }],
    },
  }));
  const made = await ossCall<{ data: { id: string } }>('POST', '/dashboards', { name: 'Long', tags: [], tiles });
  expect(made.status).toBe(200);
  return `/dashboards/${made.body.data.id}`;
}

const line = (editor: DashboardEditorPage, name: string) => editor.tile(name).locator('.recharts-line-curve');

async function expectDrawnOnlyOnceReached(page: Page, editor: DashboardEditorPage): Promise<void> {
  await expect(line(editor, 'Errors 1')).toHaveCount(1);
  const last = `Errors ${TILES}`;
  await expect(editor.tile(last)).not.toBeInViewport();
  // The first tile's answer serves the last one too: it waits to be seen all the same.
  await expect(editor.tile(last).getByText('Loading chart…')).toBeAttached();
  await expect(line(editor, last)).toHaveCount(0);
  for (let i = 2; i <= TILES; i++) {
    await editor.tile(`Errors ${i}`).scrollIntoViewIfNeeded();
    await expect(line(editor, `Errors ${i}`)).toHaveCount(1);
  }
  expect(await page.locator('.recharts-line-curve').count()).toBe(TILES);
}

test.beforeEach(async ({ signIn }) => {
  await emulator.reset();
  await signIn('editor');
});

test('charts below the fold are drawn once scrolled to, and every tile is drawn once reached', async ({ page }) => {
  const path = await longDashboard();
  const editor = new DashboardEditorPage(page);
  await editor.goto(path);
  await expectDrawnOnlyOnceReached(page, editor);
  // A wide screen gets the draggable grid.
  await expect(page.locator('.react-grid-item')).toHaveCount(TILES);
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a phone stacks the tiles in a plain column, drawn as they are reached', async ({ page }) => {
    const path = await longDashboard();
    const editor = new DashboardEditorPage(page);
    await editor.goto(path);
    await expectDrawnOnlyOnceReached(page, editor);
    // Reading order, each tile below the one before, none on react-grid-layout's grid.
    const tops = [];
    for (let i = 1; i <= TILES; i++) tops.push((await editor.box(`Errors ${i}`)).y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    await expect(page.locator('.react-grid-layout, .react-grid-item')).toHaveCount(0);
  });
});
