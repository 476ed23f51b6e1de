/** A local user changes their own password: the current one is checked, older sessions end, this one goes on. */
import { beforeAll, describe, expect, it } from 'vitest';
import * as passwordRoute from '@/app/api/session/password/route';
import * as sessionRoute from '@/app/api/session/route';
import { PASSWORD_CHANGE_LIMIT } from './account';
import { readJson, routeContext, stubUpstreamForFile, testRequest, testUsers } from './test-support';

stubUpstreamForFile();

beforeAll(async () => {
  const users = await testUsers();
  await users.add('pat', 'editor', 'first-password');
  await users.add('quinn', 'viewer', 'quinn-password');
});

async function signIn(username: string, password: string): Promise<string> {
  const response = await sessionRoute.POST(
    testRequest('/api/session', { method: 'POST', json: { username, password } }),
    routeContext({}),
  );
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const change = (cookie: string, currentPassword: string, newPassword: string) =>
  passwordRoute.POST(
    testRequest('/api/session/password', { method: 'POST', json: { currentPassword, newPassword }, cookie }),
    routeContext({}),
  );

const whoAmI = (cookie: string) => sessionRoute.GET(testRequest('/api/session', { cookie }), routeContext({}));

describe('POST /api/session/password', () => {
  it('checks the current password, ends older sessions and renews this one', async () => {
    const here = await signIn('pat', 'first-password');
    const elsewhere = await signIn('pat', 'first-password');

    const wrong = await change(here, 'not-my-password', 'second-password');
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toMatchObject({
      fields: [{ path: 'currentPassword', message: 'This is not your current password' }],
    });

    const changed = await change(here, 'first-password', 'second-password');
    expect(changed.status).toBe(200);
    const renewed = (changed.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await whoAmI(renewed)).status).toBe(200);
    expect((await whoAmI(elsewhere)).status).toBe(401);
    expect((await whoAmI(here)).status).toBe(401);
    await signIn('pat', 'second-password');
  });

  it('names bad input and stops guessing after a few wrong current passwords', async () => {
    const cookie = await signIn('quinn', 'quinn-password');
    const short = await change(cookie, 'quinn-password', 'short');
    expect(await readJson(short)).toMatchObject({
      fields: [{ path: 'newPassword', message: 'New password needs at least 8 characters' }],
    });
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.points; i++)
      expect((await change(cookie, `guess-${i}`, 'new-password-1')).status).toBe(400);
    const limited = await change(cookie, 'quinn-password', 'new-password-1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('is not for the admin whose password comes from CONSOLE_ADMIN_PASSWORD', async () => {
    process.env.CONSOLE_ADMIN_PASSWORD = 'admin-from-environment';
    try {
      const cookie = await signIn('admin', 'admin-from-environment');
      const response = await change(cookie, 'admin-from-environment', 'another-password');
      expect(response.status).toBe(409);
      expect(await readJson(response)).toMatchObject({ code: 'PASSWORD_FROM_ENVIRONMENT' });
    } finally {
      delete process.env.CONSOLE_ADMIN_PASSWORD;
    }
  });
});
