/**
 * The organization's upstream secrets never leave the server: not in the built static files, not in
 * any page's HTML, not in any response the browser receives while a user works through the pages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { E2E, UPSTREAM_SECRETS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const PAGES = ['/login', servicePage('pipes'), '/keys', servicePage('endpoints'), servicePage('scaling')];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

test('no upstream secret is in any file under .next/static', () => {
  const files = filesUnder(path.resolve(import.meta.dirname, '..', '..', '..', '.next', 'static'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const content = readFileSync(file, 'latin1');
    for (const secret of UPSTREAM_SECRETS) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
  }
});

test('no upstream secret is in any page or any response the browser receives', async ({ page, signIn }) => {
  const leaks: string[] = [];
  const checks: Promise<void>[] = [];
  page.on('response', (response) => {
    checks.push(
      response
        .body()
        .then((body) => {
          const text = body.toString('latin1') + JSON.stringify(response.headers());
          for (const secret of UPSTREAM_SECRETS)
            if (text.includes(secret)) leaks.push(`${secret} in ${response.url()}`);
        })
        .catch(() => undefined),
    );
  });

  await page.goto('/login');
  await signIn('admin');
  for (const url of PAGES.slice(1)) {
    await page.goto(url);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const html = await page.content();
    for (const secret of UPSTREAM_SECRETS) expect(html.includes(secret), `${secret} in ${url}`).toBe(false);
  }
  const api = [
    `/api/cloud/v1/organizations/${E2E.organizationId}`,
    `/api/cloud/v1/organizations/${E2E.organizationId}/keys`,
    `/api/cloud/v1/organizations/${E2E.organizationId}/services/${E2E.serviceId}`,
    '/api/observability/v2/dashboards',
    '/api/observability/v2/webhooks',
    '/api/health',
    '/api/session',
  ];
  for (const url of api) await page.goto(url);

  await Promise.all(checks);
  expect(checks.length).toBeGreaterThan(10);
  expect(leaks).toEqual([]);
});
