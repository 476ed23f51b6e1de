/**
 * Every script a page loads asks V8 to compile its functions as it loads (scripts/compile-hints.ts,
 * part of the build): on a phone, a page's first chart otherwise spent about half its draw
 * compiling recharts' functions one by one, on the main thread.
 */
import { COMPILE_HINT } from '../../../scripts/compile-hints';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';
import { pipeIdByName } from '../../pages/upstream';

test.beforeEach(async ({ signIn }) => {
  await signIn('admin');
});

test("a pipe's page loads every script, its charts' too, marked for compiling as it loads", async ({ page }) => {
  const scripts: Array<Promise<[url: string, firstLine: string]>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().includes('/_next/static/')) return;
    scripts.push(response.text().then((text) => [response.url(), text.slice(0, text.indexOf('\n'))]));
  });
  await page.goto(servicePage('pipes', await pipeIdByName('Orders events')));
  // The metrics' charts are drawn: recharts' chunks have loaded.
  await expect(main(page).locator('svg.recharts-surface').first()).toBeVisible();
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(3);
  for (const [url, firstLine] of loaded) expect(firstLine, url).toBe(COMPILE_HINT);
});
