/** A pipe's diagnosis routes against the in-process emulator: its query endpoint, query host and embedded engine. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@/emulator';
import { SEEDED_PIPE_NAMES } from '@/emulator/cloud/pipes/seed';
import * as accessRoute from '@/app/api/pipe-diagnosis/[organizationId]/[serviceId]/access/route';
import * as reasonsRoute from '@/app/api/pipe-diagnosis/[organizationId]/[serviceId]/reasons/route';
import * as sectionRoute from '@/app/api/pipe-diagnosis/[organizationId]/[serviceId]/[pipeId]/[section]/route';
import type { DiagnosisAccess, SectionResult, SectionRows } from '@/lib/pipes/diagnosis/types';
import { resetEnvCache } from '../env';
import {
  configureTestEnvironment,
  ORG_ID,
  removeTestDataDirs,
  routeContext,
  SERVICE_ID,
  sessionCookieFor,
  testRequest,
} from '../test-support';
import { forgetDescribedTables } from './sections';

const base = `/api/pipe-diagnosis/${ORG_ID}/${SERVICE_ID}`;
const serviceIds = { organizationId: ORG_ID, serviceId: SERVICE_ID };
let emulator: RunningEmulator;
const pipeIds: Record<string, string> = {};

async function control(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${emulator.cloudUrl}/__emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

async function section(
  pipe: string,
  name: 'log' | 'errors' | 'rows',
  init: { method?: 'GET' | 'POST'; query?: string } = {},
) {
  const cookie = await sessionCookieFor('viewer');
  const handler = init.method === 'POST' ? sectionRoute.POST : sectionRoute.GET;
  const response = await handler(
    testRequest(`${base}/${pipeIds[pipe]}/${name}${init.query ?? ''}`, { method: init.method ?? 'GET', cookie }),
    routeContext({ ...serviceIds, pipeId: pipeIds[pipe]!, section: name }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { data: SectionResult; code?: string; error?: string },
  };
}

const rowsOf = (result: SectionResult): SectionRows => {
  expect(result.state).toBe('ok');
  return result as SectionRows;
};

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    quiet: true,
    stepMs: 50,
    organizationId: ORG_ID,
    serviceId: SERVICE_ID,
    cloudKeyId: 'test-key-id',
    cloudKeySecret: 'test-key-secret',
    observabilityApiKey: 'test-oss-key',
  });
  configureTestEnvironment(emulator.cloudUrl);
  process.env.QUERY_API_URL = emulator.cloudUrl;
  resetEnvCache();
  const auth = `Basic ${Buffer.from('test-key-id:test-key-secret').toString('base64')}`;
  const list = (await (
    await fetch(`${emulator.cloudUrl}/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/clickpipes`, {
      headers: { authorization: auth },
    })
  ).json()) as {
    result: { id: string; name: string }[];
  };
  for (const [kind, name] of Object.entries(SEEDED_PIPE_NAMES))
    pipeIds[kind] = list.result.find((pipe) => pipe.name === name)!.id;
});

afterEach(async () => {
  await fetch(`${emulator.cloudUrl}/__emulator/faults`, { method: 'DELETE' });
});

afterAll(async () => {
  delete process.env.QUERY_API_URL;
  await emulator.close();
  removeTestDataDirs();
});

describe("access to the service's tables", () => {
  it('is off until an admin turns it on, merged with what the endpoint already has', async () => {
    const viewer = await sessionCookieFor('viewer');
    const before = await accessRoute.GET(testRequest(`${base}/access`, { cookie: viewer }), routeContext(serviceIds));
    const access = ((await before.json()) as { data: DiagnosisAccess }).data;
    expect(access).toMatchObject({
      enabled: false,
      current: null,
      proposed: { roles: ['sql_console_read_only'], openApiKeys: [access.keyId] },
    });

    // A section read before access says so, and names how to grant it.
    forgetDescribedTables();
    expect((await section('kafka', 'rows')).body.data).toMatchObject({ state: 'no-access' });

    const refused = await accessRoute.POST(
      testRequest(`${base}/access`, { method: 'POST', cookie: viewer }),
      routeContext(serviceIds),
    );
    expect(refused.status).toBe(403);

    const admin = await sessionCookieFor('admin');
    const enabled = await accessRoute.POST(
      testRequest(`${base}/access`, { method: 'POST', cookie: admin }),
      routeContext(serviceIds),
    );
    expect(enabled.status).toBe(200);
    expect(((await enabled.json()) as { data: DiagnosisAccess }).data).toMatchObject({
      enabled: true,
      current: { roles: ['sql_console_read_only'], openApiKeys: [access.keyId] },
    });
  });
});

describe("a pipe's sections", () => {
  it('shows the rows a running pipe landed, their count growing, newest first', async () => {
    const first = rowsOf((await section('kafka', 'rows')).body.data);
    expect(first.table).toMatch(/\./);
    expect(first.columns.length).toBeGreaterThan(0);
    expect(first.rows.length).toBeGreaterThan(0);
    expect(first.sql).toMatch(/^SELECT \* FROM `[^`]+`\.`[^`]+`/);
    await expect
      .poll(async () => rowsOf((await section('kafka', 'rows')).body.data).total, { timeout: 10_000 })
      .toBeGreaterThan(first.total!);
  });

  it('explains a failure with the reason the service logged, newest first', async () => {
    await control(`pipes/${pipeIds.kafka}/fail`, {
      reason: 'Broker broker-1:9092 refused the connection (SASL authentication failed)',
    });
    const log = rowsOf((await section('kafka', 'log')).body.data);
    expect(JSON.stringify(log.rows[0])).toContain('SASL authentication failed');
    expect(log.sql).toContain(`= '${pipeIds.kafka}'`);

    const admin = await sessionCookieFor('viewer');
    const reasons = await reasonsRoute.GET(
      testRequest(`${base}/reasons?ids=${pipeIds.kafka},${pipeIds.failed}`, { cookie: admin }),
      routeContext(serviceIds),
    );
    const byPipe = ((await reasons.json()) as { data: Record<string, { message: string }> }).data;
    expect(byPipe[pipeIds.kafka!]?.message).toContain('SASL authentication failed');
    expect(byPipe[pipeIds.failed!]?.message).toBeTruthy();
    await control(`pipes/${pipeIds.kafka}/recover`);
  });

  it('pages the record errors and refuses a page that is not a number', async () => {
    const errors = (await section('kafka', 'errors')).body.data;
    expect(['ok', 'missing-table']).toContain(errors.state);
    const bad = await section('kafka', 'errors', { query: '?page=abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_PARAMETER' });
  });

  it('says a database pipe keeps its logs elsewhere, without querying', async () => {
    expect((await section('postgres', 'log')).body.data).toMatchObject({ state: 'not-applicable' });
  });

  it('says that the destination table no longer exists once it is dropped', async () => {
    await control(`pipes/${pipeIds.kinesis}/drop-destination`);
    expect((await section('kinesis', 'rows')).body.data).toMatchObject({ state: 'missing-table' });
  });

  it('says what went wrong on the one section whose query failed: garbage, or no answer in time', async () => {
    forgetDescribedTables();
    await control('faults', { method: 'POST', path: '/run', status: 200, body: 'not rows at all', times: 1 });
    const garbage = await section('kafka', 'log');
    expect(garbage.status).toBe(502);
    expect(garbage.body.error).toMatch(/query endpoint answered with rows that are not (JSON|objects)/);
    await control('faults', { method: 'POST', path: '/run', status: 503, times: 1 });
    const failed = await section('kafka', 'rows');
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/service's query endpoint failed \(503\)/);
  });

  it('never wakes an idle service unless asked, and says a stopped one is stopped', async () => {
    await control(`services/${SERVICE_ID}/state`, { state: 'idle' });
    expect((await section('kafka', 'rows')).body.data).toEqual({ state: 'idle' });
    const woken = await section('kafka', 'rows', { method: 'POST' });
    expect(woken.body.data.state).toBe('ok');
    await control(`services/${SERVICE_ID}/state`, { state: 'stopped' });
    expect((await section('kafka', 'log')).body.data).toEqual({ state: 'stopped' });
    await control(`services/${SERVICE_ID}/state`, { state: 'running' });
  });
});
