/**
 * Single sign-on through a real OpenID Connect provider on loopback (e2e/fixtures/oidc-provider.ts),
 * the whole redirect flow in Chromium: the role comes from the groups claim through OIDC_ROLE_MAP,
 * a user without a mapped group is turned away, and a tampered state, an expired code or an
 * unreachable provider each end on the sign-in page with a clear message.
 */
import type { Page } from '@playwright/test';
import { E2E, consoleUrl, oidcIssuer } from '../../fixtures/env';
import { startOidcProvider, type OidcAccount, type RunningOidcProvider } from '../../fixtures/oidc-provider';
import { expect, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';

const CALLBACK = `${consoleUrl}/api/auth/oidc/callback`;
let provider: RunningOidcProvider | undefined;

test.beforeAll(async () => {
  provider = await startOidcProvider(E2E.oidcPort, {
    clientId: E2E.oidc.clientId,
    clientSecret: E2E.oidc.clientSecret,
    redirectUri: CALLBACK,
  });
});

test.afterEach(() => provider?.interceptCallback(null));

test.afterAll(async () => {
  await provider?.stop();
  provider = undefined;
});

const ssoLink = (page: Page) => page.getByRole('link', { name: `Sign in with ${E2E.oidc.providerName}` });
const alertOnPage = (page: Page) => page.getByRole('main').getByRole('alert');

/** From the console's sign-in page through the provider's own sign-in form (any password). */
async function signInAt(page: Page, account: OidcAccount, next = servicePage('pipes')): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await ssoLink(page).click();
  await page.waitForURL((url) => url.origin === oidcIssuer);
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any password will do');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

async function whoAmI(page: Page): Promise<{
  status: number;
  user?: { name: string; role: string; method: string; services?: Record<string, string> };
}> {
  const response = await page.request.get('/api/session');
  return { status: response.status(), ...(response.ok() ? await response.json() : {}) };
}

test('a member of data-admins signs in as an admin and lands where they were going', async ({ page }) => {
  await signInAt(page, 'alice', '/keys');
  await page.waitForURL(`${consoleUrl}/keys`);
  const menu = page.getByRole('button', { name: 'Account menu, signed in as alice (Admin)' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menu')).toContainText(`Signed in with ${E2E.oidc.providerName}`);
  expect(await whoAmI(page)).toEqual({ status: 200, user: { name: 'alice', role: 'admin', method: 'sso' } });
  // Admin pages answer: the role is the console's own, not just a label.
  expect((await page.request.get(`/api/cloud/v1/organizations/${E2E.organizationId}/keys`)).status()).toBe(200);
});

test('an analyst gets the viewer role, and the editor role on the service OIDC_ROLE_MAP names', async ({ page }) => {
  await signInAt(page, 'victor');
  await page.waitForURL(`${consoleUrl}${servicePage('pipes')}`);
  await expect(page.getByRole('button', { name: 'Account menu, signed in as victor (Viewer)' })).toBeVisible();
  const keys = await page.request.post(`/api/cloud/v1/organizations/${E2E.organizationId}/keys`, {
    data: { name: 'not allowed', roles: ['developer'] },
    headers: { origin: consoleUrl },
  });
  expect(keys.status()).toBe(403);
  // `analysts=editor@Production`: the service named by its name, stored by its id.
  expect(await whoAmI(page)).toEqual({
    status: 200,
    user: { name: 'victor', role: 'viewer', method: 'sso', services: { [E2E.serviceId]: 'editor' } },
  });
  // So the pipes page offers a viewer-everywhere-else user the editor's actions on this service.
  await expect(page.getByRole('main').getByRole('link', { name: 'Create pipe' })).toBeVisible();
});

test('a user whose groups map to no role is told so, and gets no session', async ({ page }) => {
  await signInAt(page, 'nora');
  await page.waitForURL(`${consoleUrl}/login/no-access`);
  await expect(page.getByRole('heading', { name: 'No access to this console' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    `${E2E.oidc.providerName} signed you in as nora, but none of your groups (marketing) gives a role in Sluice.`,
  );
  await expect(page.getByRole('link', { name: 'Sign in with another account' })).toBeVisible();
  expect((await whoAmI(page)).status).toBe(401);
  await page.goto(servicePage('pipes'));
  await page.waitForURL((url) => url.pathname === '/login');
});

test('a tampered state is refused before the code is ever exchanged', async ({ page }) => {
  provider!.interceptCallback((url) => {
    url.searchParams.set('state', `${url.searchParams.get('state')}x`);
    return url;
  });
  const exchangesBefore = provider!.tokenRequests;
  await signInAt(page, 'alice');
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('sso_error') === 'state');
  await expect(alertOnPage(page)).toHaveText(
    `Signing in with ${E2E.oidc.providerName} came back with an answer that does not belong to the sign-in this browser started, so it was refused. Start again.`,
  );
  expect(provider!.tokenRequests).toBe(exchangesBefore);
  expect((await whoAmI(page)).status).toBe(401);
});

test('an expired authorization code is refused by the provider and explained', async ({ page }) => {
  // The code is issued and then left to expire before the browser brings it back.
  provider!.interceptCallback(() => provider!.expireAuthorizationCodes());
  await signInAt(page, 'alice');
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('sso_error') === 'code');
  await expect(alertOnPage(page)).toHaveText(
    `Signing in with ${E2E.oidc.providerName} refused the sign-in code: it expired or was already used. Start again.`,
  );
  expect((await whoAmI(page)).status).toBe(401);
});

test('an unreachable provider is named on the sign-in page, and console passwords still work', async ({ page }) => {
  await provider!.stop();
  provider = undefined;
  await page.goto('/login');
  await ssoLink(page).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('sso_error') === 'unavailable');
  await expect(alertOnPage(page)).toHaveText(
    `Could not reach ${E2E.oidc.providerName} (${oidcIssuer}/): connection refused. Sign in with a console password, or try again later.`,
  );

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Username' }).fill(E2E.users.admin.name);
  await form.getByLabel('Password', { exact: true }).fill(E2E.users.admin.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${consoleUrl}/`);
  await expect(page.getByRole('button', { name: 'Account menu, signed in as admin (Admin)' })).toBeVisible();
});
