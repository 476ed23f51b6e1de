/**
 * Several console instances on one Redis and one Postgres, against an emulator that enforces the
 * real per-key budgets: what one instance decides, the other honours.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { postgresUnavailableReason } from '../../../lib/server/db/testing-postgres';
import { startTeam, type Team } from '../../../test/support/team';
import { E2E } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

const org = `/api/cloud/v1/organizations/${E2E.organizationId}`;
let team: Team;
let a: APIRequestContext;
let b: APIRequestContext;

async function signedIn(baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await context.post('/api/session', {
    data: { username: 'admin', password: E2E.users.admin.password },
  });
  expect(response.status()).toBe(200);
  return context;
}

const cloudLog = async () =>
  (await (await fetch(`${team.emulator.cloudUrl}/__emulator/requests`)).json()) as {
    data: { method: string; path: string; status: number; at: string }[];
  };

test.describe('two console instances', () => {
  // Under CI Postgres is installed or the run fails (scripts/ensure-postgres.sh): this never skips there.
  test.skip(
    !process.env.CI && postgresUnavailableReason() !== null,
    `several instances share Postgres: ${postgresUnavailableReason()}`,
  );
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
    team = await startTeam({
      identity: { ...E2E, adminPassword: E2E.users.admin.password },
      consolePorts: [3150 + offset, 3151 + offset],
      emulatorPort: 4150 + offset,
      dataDir: E2E.dataDir,
      // Reads may wait for the budget long enough to be served.
      env: { UPSTREAM_READ_QUEUE_MS: '30000' },
    });
    a = await signedIn(team.urls[0]!);
    b = await signedIn(team.urls[1]!);
  });
  test.afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await team?.stop();
  });

  test('parallel saves of one dashboard with the same If-Match: exactly one succeeds, the other gets 412', async () => {
    const created = await a.post('/api/observability/v2/dashboards', {
      data: { name: 'Shared board', tiles: [], tags: [] },
    });
    expect(created.status()).toBe(200);
    const { data } = (await created.json()) as { data: { id: string } };
    const path = `/api/observability/v2/dashboards/${data.id}`;
    const etag = (await a.get(path)).headers().etag!;
    expect(etag).toBeTruthy();
    const save = (client: APIRequestContext, name: string) =>
      client.put(path, { data: { name, tiles: [], tags: [] }, headers: { 'if-match': etag } });
    for (let round = 0; round < 3; round++) {
      const current = (await a.get(path)).headers().etag!;
      const [first, second] = await Promise.all([
        a.put(path, { data: { name: `A ${round}`, tiles: [], tags: [] }, headers: { 'if-match': current } }),
        b.put(path, { data: { name: `B ${round}`, tiles: [], tags: [] }, headers: { 'if-match': current } }),
      ]);
      expect([first.status(), second.status()].sort()).toEqual([200, 412]);
    }
    // A stale tag stays refused on either instance.
    expect((await save(b, 'stale')).status()).toBe(412);
  });

  test('a session signed out on one instance is refused on the other', async () => {
    const context = await signedIn(team.urls[0]!);
    const cookie = (await context.storageState()).cookies.find((c) => c.name.includes('session'))!;
    const onB = () => b.get('/api/session', { headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect((await onB()).status()).toBe(200);
    expect((await context.delete('/api/session')).status()).toBe(204);
    expect((await onB()).status()).toBe(401);
    await context.dispose();
  });

  test('failed sign-ins count on both instances together', async () => {
    const attempt = (client: APIRequestContext) =>
      client.post('/api/session', { data: { username: 'nobody-here', password: 'wrong-password-1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status());
    expect(statuses).toContain(429);
    expect(statuses.slice(0, statuses.indexOf(429)).every((s) => s === 401)).toBe(true);
  });

  test('a read is shared by both instances, and a write on one is seen at once on the other', async () => {
    const keysOn = async (client: APIRequestContext) => {
      const response = await client.get(`${org}/keys`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { result: { id: string; name: string }[] }).result;
    };
    const keyListReads = async () =>
      (await cloudLog()).data.filter((r) => r.method === 'GET' && r.path.endsWith('/keys')).length;
    // Until a read on A goes upstream: a cache entry of an earlier read (the consoles' start) has ended.
    let keys: { id: string; name: string }[] = [];
    await expect
      .poll(
        async () => {
          await fetch(`${team.emulator.cloudUrl}/__emulator/requests`, { method: 'DELETE' });
          keys = await keysOn(a);
          return keyListReads();
        },
        { timeout: 30_000, message: 'a read of the key list on A never went upstream' },
      )
      .toBe(1);
    await keysOn(b);
    expect(await keyListReads()).toBe(1);

    const target = keys.find((k) => k.name === 'CI deploy')!;
    const renamed = await a.patch(`${org}/keys/${target.id}`, { data: { name: 'CI deploy (renamed)' } });
    expect(renamed.status()).toBe(200);
    expect((await keysOn(b)).map((k) => k.name)).toContain('CI deploy (renamed)');
  });

  test('many reads through both instances stay within the real budget: paced, never refused upstream', async () => {
    // A fresh window for a clean count: no cloud call in the last 10 s (the real budget's window).
    await expect
      .poll(
        async () => {
          const last = Math.max(0, ...(await cloudLog()).data.map((r) => Date.parse(r.at)));
          return Date.now() - last;
        },
        { timeout: 60_000, intervals: [500], message: 'the cloud API was never quiet for a whole window' },
      )
      .toBeGreaterThan(10_000);
    await fetch(`${team.emulator.cloudUrl}/__emulator/requests`, { method: 'DELETE' });
    // Unknown key ids: every read is a distinct upstream call (a 404 is never cached). Reads have 8
    // of a window's 10 calls (UPSTREAM_WRITE_RESERVE keeps 2 for writes): 12 reads need a second
    // window, well inside a read's queue wait even when the consoles' own background reads take a
    // slot (16 needed the second window whole, and one could be refused after its wait on a busy machine).
    const count = 12;
    const reads = Array.from({ length: count }, (_, i) =>
      (i % 2 === 0 ? a : b).get(`${org}/keys/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    );
    const statuses = (await Promise.all(reads)).map((r) => r.status());
    expect(statuses).toEqual(Array.from({ length: count }, () => 404));

    const calls = (await cloudLog()).data.map((r) => ({ at: Date.parse(r.at), status: r.status }));
    expect(calls.length).toBeGreaterThanOrEqual(count);
    expect(calls.filter((c) => c.status === 429)).toEqual([]);
    for (const call of calls) {
      const inWindow = calls.filter((other) => other.at >= call.at && other.at < call.at + 10_000);
      expect(inWindow.length).toBeLessThanOrEqual(10);
    }
  });
});
