/**
 * A dashboard's first screen reads its tiles' data as the page opens, not once the grid's code has
 * loaded and placed the tiles: with the grid's code held back, the reads of the tiles on screen are
 * already made (once each, the tiles then use them), and those below the fold are not made until
 * scrolled to. On a phone, only the tiles at the top of the column are read.
 */
import type { Page, Request } from '@playwright/test';
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { emulator } from '../../fixtures/emulator';
import { ossCall, ossSources } from '../../fixtures/observability-upstream';
import { expect, test } from '../../fixtures/test';

/** Three rows of four line charts, each its own query, rows 8 grid rows (336 px) apart. */
const ROWS = 3;
const PER_ROW = 4;

async function threeRowDashboard(): Promise<string> {
  const { log } = await ossSources();
  const tiles = Array.from({ length: ROWS * PER_ROW }, (_, i) => ({
    name: `Chart ${i + 1}`,
    x: (i % PER_ROW) * 6,
    y: Math.floor(i / PER_ROW) * 8,
    w: 6,
    h: 8,
    config: {
      displayType: 'line',
      sourceId: log,
      select: [{ aggFn: 'count', where: `SeverityText:error OR Body:chart${i + 1}`, whereLanguage: 'lucene' }],
    },
  }));
  const made = await ossCall<{ data: { id: string } }>('POST', '/dashboards', { name: 'Three rows', tags: [], tiles });
  expect(made.status).toBe(200);
  return `/dashboards/${made.body.data.id}`;
}

/** The tile numbers whose series the browser asked for, one entry per request. */
function seriesReads(page: Page): number[] {
  const reads: number[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/observability/v2/charts/series')) return;
    const where = (request.postDataJSON() as { series: Array<{ where: string }> }).series[0]?.where ?? '';
    const tile = /Body:chart(\d+)/.exec(where)?.[1];
    if (tile) reads.push(Number(tile));
  });
  return reads;
}

/** Opens the dashboard without waiting for the load event, which a held chunk holds back. */
async function open(page: Page, path: string): Promise<DashboardEditorPage> {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Three rows' })).toBeVisible();
  return new DashboardEditorPage(page);
}

/**
 * Holds back the chunk with the dashboard's sections (the code that places tiles on the grid or in
 * the phone's column) until `release` is called: until then no tile is in the page.
 */
async function holdTileCode(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('Tiles outside their section')) await released;
    await route.fulfill({ response, body });
  });
  return { release };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

test.beforeEach(async ({ signIn }) => {
  await emulator.reset();
  await signIn('viewer');
});

test('the first screen reads its tiles before the grid is in the page, once each, and nothing below the fold', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const path = await threeRowDashboard();
  const reads = seriesReads(page);
  const held = await holdTileCode(page);
  const editor = await open(page, path);
  // Rows one and two are on screen, row three below the fold.
  await expect.poll(() => sorted(reads)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  await expect(page.getByRole('article')).toHaveCount(0);

  held.release();
  for (let i = 1; i <= 8; i++) await expect(editor.tile(`Chart ${i}`).locator('.recharts-line-curve')).toHaveCount(1);
  // The tiles drew from the reads already made, and row three waits to be seen.
  expect(sorted(reads)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  await expect(editor.tile('Chart 9')).not.toBeInViewport();
  await editor.tile('Chart 12').scrollIntoViewIfNeeded();
  await expect(editor.tile('Chart 12').locator('.recharts-line-curve')).toHaveCount(1);
  expect(sorted(reads)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a phone reads only the tiles at the top of its column', async ({ page }) => {
    const path = await threeRowDashboard();
    const reads = seriesReads(page);
    const held = await holdTileCode(page);
    const editor = await open(page, path);
    await expect.poll(() => reads.length).toBeGreaterThan(0);
    await expect(page.getByRole('article')).toHaveCount(0);
    held.release();
    await expect(editor.tile('Chart 1').locator('.recharts-line-curve')).toHaveCount(1);
    // Each tile is 8 rows (326 px) tall: the first one or two of the column, no more, and each once.
    expect(reads.length).toBeLessThanOrEqual(2);
    expect(new Set(reads).size).toBe(reads.length);
    expect(reads).toContain(1);
    await expect(editor.tile('Chart 4')).not.toBeInViewport();
  });
});
