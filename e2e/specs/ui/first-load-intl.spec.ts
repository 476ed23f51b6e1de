/**
 * No page starts ICU as it loads: the first Intl formatter or collator of a page costs Chromium
 * 4–40 ms of main thread (four times that on Lighthouse's phone), so the console writes its 'en'
 * numbers, dates and name order with lib/format. Each page is loaded afresh on a phone's screen
 * with every Intl entry point watched, and must show its formatted content without calling one;
 * the text it shows is then checked against Intl's, in the browser itself.
 */
import type { Page } from '@playwright/test';
import { ossCall } from '../../fixtures/observability-upstream';
import { expect, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';
import { pipeIdByName } from '../../pages/upstream';

/** Records each Intl constructor and locale-aware method the page calls, before any script of it runs. */
const WATCH_INTL = `(() => {
  window.__intlCalls = [];
  const note = (what) => window.__intlCalls.push(what);
  for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'RelativeTimeFormat', 'PluralRules', 'ListFormat']) {
    const Original = Intl[name];
    const Watched = function (...args) { note('Intl.' + name); return new Original(...args); };
    Watched.prototype = Original.prototype;
    Watched.supportedLocalesOf = Original.supportedLocalesOf;
    Intl[name] = Watched;
  }
  const watch = (proto, key, label) => {
    const original = proto[key];
    proto[key] = function (...args) { note(label); return original.apply(this, args); };
  };
  watch(String.prototype, 'localeCompare', 'localeCompare');
  watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
  watch(Date.prototype, 'toLocaleString', 'Date#toLocaleString');
  watch(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString');
  watch(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString');
})();`;

const intlCalls = (page: Page) => page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page, signIn }) => {
  await page.addInitScript(WATCH_INTL);
  await signIn('admin');
});

test('the overview, pipes, keys, alerts and scaling pages show their lists without calling Intl', async ({ page }) => {
  const pages: Array<[path: string, shown: (page: Page) => Promise<void>]> = [
    ['/', (p) => expect(main(p).getByRole('row').filter({ hasText: 'Production' }).first()).toBeVisible()],
    [servicePage('pipes'), (p) => expect(main(p).getByRole('row').filter({ hasText: 'Orders events' })).toBeVisible()],
    ['/keys', (p) => expect(main(p).getByRole('row').filter({ hasText: 'CI deploy' })).toContainText(/\d/)],
    ['/alerts', (p) => expect(main(p).getByRole('table', { name: 'Alerts' }).getByRole('row').nth(1)).toBeVisible()],
    [
      servicePage('scaling'),
      (p) => expect(p.getByRole('region', { name: 'Current allocation' })).toContainText('2,000 millicores'),
    ],
  ];
  for (const [path, shown] of pages) {
    await page.goto(path);
    await shown(page);
    expect(await intlCalls(page), path).toEqual([]);
  }
});

test("a pipe's page shows its numbers and charts without calling Intl", async ({ page }) => {
  await page.goto(servicePage('pipes', await pipeIdByName('Orders events')));
  const metrics = main(page).getByRole('region', { name: 'Metrics' });
  // Rows ingested, written with thousands separators.
  await expect(metrics.getByText(/^\d{1,3}(,\d{3})+$/).first()).toBeVisible();
  await expect(metrics.getByRole('figure', { name: 'Rows per second' })).toBeVisible();
  expect(await intlCalls(page)).toEqual([]);
});

test('a dashboard of every tile kind draws its charts without calling Intl', async ({ page }) => {
  const { body } = await ossCall<{ data: { id: string; name: string }[] }>('GET', '/dashboards');
  const id = body.data.find((d) => d.name === 'Overview (every tile type)')!.id;
  await page.goto(`/dashboards/${id}`);
  // The first chart on a phone's screen has drawn its time axis ("00:00", "12:00").
  const chart = page.getByRole('article', { name: 'Log levels over time', exact: true });
  await expect(
    chart
      .locator('svg text')
      .filter({ hasText: /^\d{2}:\d{2}$/ })
      .first(),
  ).toBeVisible();
  expect(await intlCalls(page)).toEqual([]);
});

test("the audit log's times read as Intl writes them, without Intl on the page's load", async ({ page }) => {
  await page.goto('/audit');
  const firstTime = main(page).getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1).locator('time');
  await expect(firstTime).toBeVisible();
  expect(await intlCalls(page)).toEqual([]);
  const [shown, iso] = [await firstTime.textContent(), await firstTime.getAttribute('datetime')];
  const byIntl = await page.evaluate(
    (at) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(Date.parse(at)),
    iso!,
  );
  expect(shown).toBe(byIntl);
});
