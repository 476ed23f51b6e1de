import { chromium } from '@playwright/test';
const [, , path, out, width = '1400', height = '1000', ...actions] = process.argv;
const base = 'http://127.0.0.1:44000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const res = await page.request.post(`${base}/api/session`, { data: { username: 'admin', password: 'admin-password-123' }, headers: { origin: base } });
if (!res.ok()) console.log('sign-in', res.status(), await res.text());
await page.goto(base + path);
await page.waitForTimeout(4000);
for (const action of actions) {
  const [kind, ...rest] = action.split(':');
  const arg = rest.join(':');
  if (kind === 'click') await page.getByRole('button', { name: arg }).first().click();
  if (kind === 'menu') await page.getByRole('menuitem', { name: arg }).click();
  if (kind === 'wait') await page.waitForTimeout(Number(arg));
  if (kind === 'eval') console.log(await page.evaluate(arg));
}
await page.screenshot({ path: out, fullPage: false });
await browser.close();
