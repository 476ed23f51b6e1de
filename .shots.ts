// Local look at pages (not committed).
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/fixtures/chromium';

const base = 'http://127.0.0.1:43010';
const out = '/tmp/p/shots';
const SAMPLE = [
  '{"order_id": 1001, "customer": {"email": "ann@example.com", "tier": "gold"}, "items": ["sku-1", "sku-2"], "total": 42.5, "paid": true, "created_at": "2026-11-25T07:03:37Z", "updated_ts": 1764054217123, "note": null}',
  '{"order_id": 1002, "customer": {"email": "bob@example.com", "tier": "silver"}, "items": [], "total": 7, "paid": false, "created_at": "2026-11-25T07:05:02Z", "updated_ts": 1764054302000}',
  '{"order_id": 1003, "customer": {"email": "cy@example.com", "tier": "gold"}, "items": ["sku-9"], "total": 19.99, "paid": true, "created_at": "2026-11-25T07:06:40Z", "updated_ts": 1764054400500, "note": "gift"}',
].join('\n');

async function signIn(page: Page) {
  const r = await page.request.post(`${base}/api/session`, { data: { username: 'admin', password: 'local-admin-pass-1' }, headers: { origin: base } });
  if (r.status() !== 200) throw new Error(`sign in ${r.status()}`);
}

async function main() {
  const which = process.argv[2] ?? 'all';
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()); });
    await signIn(page);
    if (which === 'all' || which === 'wizard') {
      await page.goto(`${base}/pipes/new`);
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      const form = page.getByRole('main').locator('form');
      await form.getByLabel('Pipe name', { exact: true }).fill('Orders');
      await form.getByRole('radio', { name: 'Kafka' }).check();
      await form.getByRole('button', { name: 'Next' }).click();
      await form.getByLabel('Brokers', { exact: true }).fill('b-1:9092');
      await form.getByLabel('Topics', { exact: true }).fill('orders');
      await form.getByLabel('User name', { exact: true }).fill('u');
      await form.getByLabel('Password', { exact: true }).fill('p');
      await form.getByRole('button', { name: 'Next' }).click();
      await form.getByLabel('Table', { exact: true }).fill('orders');
      const started = Date.now();
      await form.getByLabel('Sample', { exact: true }).fill(SAMPLE);
      await form.getByText('JSON lines · 3 records').waitFor();
      console.log('inferred after', Date.now() - started, 'ms');
      console.log('worker scripts:', await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /worker/i.test(n))));
      await page.screenshot({ path: `${out}/wizard-destination-${width}.png`, fullPage: true });
      await form.getByRole('button', { name: 'Next' }).click();
      await page.screenshot({ path: `${out}/wizard-mappings-${width}.png`, fullPage: true });
    }
    if (which === 'all' || which === 'pages') {
      await page.goto(`${base}/`);
      await page.waitForTimeout(3000);
      await page.screenshot({ path: `${out}/landing-${width}.png`, fullPage: true });
      await page.goto(`${base}/pipes`);
      await page.waitForTimeout(2000);
      await page.screenshot({ path: `${out}/pipes-${width}.png`, fullPage: true });
      const link = page.getByRole('main').getByRole('link').filter({ hasText: /./ });
      const href = await page.getByRole('main').locator('a[href^="/pipes/"]').filter({ hasNotText: 'Create' }).first().getAttribute('href');
      await page.goto(`${base}${href}`);
      await page.waitForTimeout(4000);
      await page.screenshot({ path: `${out}/pipe-${width}.png`, fullPage: true });
      void link;
    }
    await context.close();
  }
  await browser.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
