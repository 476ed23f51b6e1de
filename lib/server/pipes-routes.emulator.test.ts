/** The data-pipe routes against the in-process emulator, whose default service has seeded pipes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@/emulator';
import * as pipesRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/route';
import * as pipeRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/[pipeId]/route';
import * as settingsRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/[pipeId]/settings/route';
import { bodies } from '@/lib/schemas/pipes/test-fixtures';
import {
  configureTestEnvironment,
  ORG_ID,
  removeTestDataDirs,
  routeContext,
  SERVICE_ID,
  sessionCookieFor,
  testRequest,
} from './test-support';

const svc = `/api/cloud/v1/organizations/${ORG_ID}/services/${SERVICE_ID}`;
const serviceIds = { organizationId: ORG_ID, serviceId: SERVICE_ID };
const CREDENTIAL = /"(password|secretKey|connectionString|credentials|privateKey|accessKey)"/i;
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    quiet: true,
    organizationId: ORG_ID,
    serviceId: SERVICE_ID,
    cloudKeyId: 'test-key-id',
    cloudKeySecret: 'test-key-secret',
    observabilityApiKey: 'test-oss-key',
  });
  configureTestEnvironment(emulator.cloudUrl);
});

afterAll(async () => {
  await emulator.close();
  removeTestDataDirs();
});

describe('pipes against the emulator', () => {
  it('lists, reads and configures seeded pipes without credentials', async () => {
    const viewer = await sessionCookieFor('viewer');
    const list = await pipesRoute.GET(testRequest(`${svc}/datapipes`, { cookie: viewer }), routeContext(serviceIds));
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toMatch(CREDENTIAL);
    const pipes = (JSON.parse(text) as { result: { id: string }[] }).result;
    expect(pipes.length).toBeGreaterThan(0);
    for (const { id } of pipes) {
      const params = { ...serviceIds, pipeId: id };
      const one = await pipeRoute.GET(testRequest(`${svc}/datapipes/${id}`, { cookie: viewer }), routeContext(params));
      expect(one.status).toBe(200);
      expect(await one.text()).not.toMatch(CREDENTIAL);
      const settings = await settingsRoute.GET(
        testRequest(`${svc}/datapipes/${id}/settings`, { cookie: viewer }),
        routeContext(params),
      );
      expect(settings.status).toBe(200);
    }
  });

  it('creates a pipe for an editor and returns it without its credentials', async () => {
    const editor = await sessionCookieFor('editor');
    const request = testRequest(`${svc}/datapipes`, { method: 'POST', json: bodies.kafka(), cookie: editor });
    const response = await pipesRoute.POST(request, routeContext(serviceIds));
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(text).not.toMatch(CREDENTIAL);
    expect(JSON.parse(text)).toMatchObject({
      result: { name: 'events', source: { kafka: { brokers: 'broker-1:9092' } } },
    });
  });
});
