/** The data-pipe routes of the BFF against a stub upstream: roles, validation, pass-through and sanitizing. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@/lib/auth/roles';
import * as pipesRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/route';
import * as pipeRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/[pipeId]/route';
import * as scalingRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/[pipeId]/scaling/route';
import * as stateRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/[pipeId]/state/route';
import * as settingsRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/[pipeId]/settings/route';
import { bodies } from '@/lib/schemas/pipes/test-fixtures';
import type { RouteHandler } from './define-route';
import { callRoute as call, json, ORG_ID, readJson, SERVICE_ID, stubUpstreamForFile } from './test-support';

const PIPE_ID = '8c2d5e3a-4f6b-4c7d-8e9f-0a1b2c3d4e5f';
const svc = `/api/cloud/v1/organizations/${ORG_ID}/services/${SERVICE_ID}`;
const upstreamSvc = `/v1/organizations/${ORG_ID}/services/${SERVICE_ID}`;
const serviceIds = { organizationId: ORG_ID, serviceId: SERVICE_ID };
const pipeIds = { ...serviceIds, pipeId: PIPE_ID };

const upstream = stubUpstreamForFile();
beforeEach(() => {
  upstream.stub.handle((_req, res) =>
    json(res, 200, { status: 200, requestId: 'upstream-request', result: { id: PIPE_ID } }),
  );
});

const create = (json: unknown, role: Role = 'editor') =>
  call(pipesRoute.POST, `${svc}/datapipes`, serviceIds, { method: 'POST', json, role });

describe('roles', () => {
  it('lets a viewer read pipes, a pipe and its settings', async () => {
    for (const [handler, suffix, params] of [
      [pipesRoute.GET, '', serviceIds],
      [pipeRoute.GET, `/${PIPE_ID}`, pipeIds],
      [settingsRoute.GET, `/${PIPE_ID}/settings`, pipeIds],
    ] as const) {
      const response = await call(handler, `${svc}/datapipes${suffix}`, params, { role: 'viewer' });
      expect(response.status).toBe(200);
    }
    expect(upstream.stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual([
      `GET ${upstreamSvc}/clickpipes`,
      `GET ${upstreamSvc}/clickpipes/${PIPE_ID}`,
      `GET ${upstreamSvc}/clickpipes/${PIPE_ID}/settings`,
    ]);
  });

  it('refuses every pipe change to a viewer without reaching the upstream', async () => {
    const changes: [RouteHandler, string, Record<string, string>, string, unknown][] = [
      [pipesRoute.POST, '', serviceIds, 'POST', bodies.kafka()],
      [pipeRoute.PATCH, `/${PIPE_ID}`, pipeIds, 'PATCH', { name: 'renamed' }],
      [pipeRoute.DELETE, `/${PIPE_ID}`, pipeIds, 'DELETE', undefined],
      [scalingRoute.PATCH, `/${PIPE_ID}/scaling`, pipeIds, 'PATCH', { replicas: 2 }],
      [stateRoute.PATCH, `/${PIPE_ID}/state`, pipeIds, 'PATCH', { command: 'stop' }],
      [settingsRoute.PUT, `/${PIPE_ID}/settings`, pipeIds, 'PUT', { engine_max_threads: 4 }],
    ];
    for (const [handler, suffix, params, method, body] of changes) {
      const response = await call(handler, `${svc}/datapipes${suffix}`, params, { method, json: body, role: 'viewer' });
      expect(response.status, `${method} ${suffix}`).toBe(403);
      expect(await readJson(response)).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('lets an editor create a pipe, sending the validated and compacted body', async () => {
    const body = {
      ...bodies.kafka(),
      scaling: { replicas: 2, replicaCpuMillicores: '', replicaMemoryGb: null },
      settings: {},
    };
    const response = await create(body);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ result: { id: PIPE_ID } });
    expect(upstream.stub.hits).toHaveLength(1);
    expect(upstream.stub.hits[0]).toMatchObject({ method: 'POST', url: `${upstreamSvc}/clickpipes` });
    const sent = JSON.parse(upstream.stub.hits[0]!.body) as Record<string, unknown>;
    expect(sent.scaling).toEqual({ replicas: 2 });
    expect(sent).not.toHaveProperty('settings');
    expect(sent.name).toBe('events');
  });

  it('lets an editor update, delete, scale, command and configure a pipe', async () => {
    const changes: [RouteHandler, string, string, unknown][] = [
      [pipeRoute.PATCH, '', 'PATCH', { name: 'renamed' }],
      [pipeRoute.DELETE, '', 'DELETE', undefined],
      [scalingRoute.PATCH, '/scaling', 'PATCH', { replicas: 2, replicaCpuMillicores: 500 }],
      [stateRoute.PATCH, '/state', 'PATCH', { command: 'resync' }],
      [settingsRoute.PUT, '/settings', 'PUT', { object_storage_max_file_count: 100, engine_max_threads: '' }],
    ];
    for (const [handler, suffix, method, body] of changes) {
      const response = await call(handler, `${svc}/datapipes/${PIPE_ID}${suffix}`, pipeIds, {
        method,
        json: body,
        role: 'editor',
      });
      expect(response.status, `${method} ${suffix}`).toBe(200);
    }
    // The writes, in order; the history reads the pipe after each to keep its version (GETs).
    const writes = upstream.stub.hits.filter((h) => h.method !== 'GET');
    expect(writes.map((h) => [h.method, h.url.replace(`${upstreamSvc}/clickpipes/${PIPE_ID}`, ''), h.body])).toEqual([
      ['PATCH', '', '{"name":"renamed"}'],
      ['DELETE', '', ''],
      ['PATCH', '/scaling', '{"replicaCpuMillicores":500,"replicas":2}'],
      ['PATCH', '/state', '{"command":"resync"}'],
      ['PUT', '/settings', '{"object_storage_max_file_count":100}'],
    ]);
  });
});

describe('validation', () => {
  it('answers an invalid creation body with dotted wire field paths and no upstream request', async () => {
    const body = { ...bodies.kafka({ authentication: 'NOPE' }), scaling: { replicaCpuMillicores: 5 } };
    const response = await create(body);
    expect(response.status).toBe(400);
    const error = await readJson(response);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const paths = (error.fields as { path: string }[]).map((f) => f.path);
    expect(paths).toContain('source.kafka.authentication');
    expect(paths).toContain('scaling.replicaCpuMillicores');
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('refuses a body without a source kind', async () => {
    const response = await create({ name: 'x', source: {}, destination: {} });
    expect(response.status).toBe(400);
    expect((await readJson(response)).fields).toEqual([
      { path: 'source', message: expect.stringMatching(/^Choose a source/) as unknown },
    ]);
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('refuses a bad pipe id before it reaches an upstream URL', async () => {
    for (const pipeId of ['not-a-uuid', '../keys', `${PIPE_ID}/state`]) {
      const response = await call(pipeRoute.GET, `${svc}/datapipes/x`, { ...serviceIds, pipeId }, { role: 'viewer' });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toMatchObject({ code: 'INVALID_PARAMETER' });
      const deletion = await call(
        pipeRoute.DELETE,
        `${svc}/datapipes/x`,
        { ...serviceIds, pipeId },
        { method: 'DELETE', role: 'editor' },
      );
      expect(deletion.status).toBe(400);
    }
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('answers 400 naming `command` for a state command other than start, stop or resync, without calling upstream', async () => {
    for (const json of [{}, { command: 'restart' }, { command: 1 }]) {
      const response = await call(stateRoute.PATCH, `${svc}/datapipes/${PIPE_ID}/state`, pipeIds, {
        method: 'PATCH',
        json,
        role: 'editor',
      });
      expect(response.status).toBe(400);
      const error = await readJson(response);
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'command', message: 'Command must be start, stop or resync' }],
      });
    }
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('checks scaling, settings and updates against the kinds their keys allow', async () => {
    const cases: [RouteHandler, string, string, unknown, string][] = [
      [scalingRoute.PATCH, '/scaling', 'PATCH', { replicaCpuMillicores: 99999 }, 'replicaCpuMillicores'],
      [scalingRoute.PATCH, '/scaling', 'PATCH', { concurrency: 1, replicaMemoryGb: 2 }, 'replicaMemoryGb'],
      [scalingRoute.PATCH, '/scaling', 'PATCH', {}, ''],
      [settingsRoute.PUT, '/settings', 'PUT', { engine_max_threads: 1000 }, 'engine_max_threads'],
      [
        settingsRoute.PUT,
        '/settings',
        'PUT',
        { object_storage_concurrency: 2, streaming_max_insert_wait_ms: 1000 },
        'streaming_max_insert_wait_ms',
      ],
      [pipeRoute.PATCH, '', 'PATCH', {}, ''],
      [
        pipeRoute.PATCH,
        '',
        'PATCH',
        { settings: { object_storage_concurrency: 99 } },
        'settings.object_storage_concurrency',
      ],
      [pipeRoute.PATCH, '', 'PATCH', { source: { kafka: {}, postgres: {} } }, 'source'],
      [
        pipeRoute.PATCH,
        '',
        'PATCH',
        { source: { postgres: {} }, settings: { streaming_max_insert_wait_ms: 1000 } },
        'settings.streaming_max_insert_wait_ms',
      ],
    ];
    for (const [handler, suffix, method, json, path] of cases) {
      const response = await call(handler, `${svc}/datapipes/${PIPE_ID}${suffix}`, pipeIds, {
        method,
        json,
        role: 'editor',
      });
      expect(response.status, JSON.stringify(json)).toBe(400);
      const error = await readJson(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      if (path)
        expect(
          (error.fields as { path: string }[]).map((f) => f.path),
          JSON.stringify(json),
        ).toContain(path);
    }
    expect(upstream.stub.hits).toHaveLength(0);
  });
});

describe('upstream answers', () => {
  it('passes a 424 through with its code', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 424, {
        status: 424,
        error: 'FAILED_DEPENDENCY: service is not running',
        requestId: 'upstream-request',
      }),
    );
    const response = await create(bodies.kafka());
    expect(response.status).toBe(424);
    expect(await readJson(response)).toMatchObject({ status: 424, code: 'FAILED_DEPENDENCY' });
    expect(upstream.stub.hits).toHaveLength(1);
  });

  it('strips credentials from returned pipe records', async () => {
    const record = {
      id: PIPE_ID,
      name: 'events',
      state: 'Running',
      source: {
        kafka: {
          type: 'kafka',
          brokers: 'b:9092',
          authentication: 'PLAIN',
          credentials: { username: 'u', password: 'kafka-secret' },
        },
        postgres: { host: 'db', credentials: { username: 'r', password: 'pg-secret' } },
        objectStorage: {
          type: 'objstore_4',
          connectionString: 'Endpoint=x;Key=conn-secret',
          accessKey: { accessKeyId: 'id', secretKey: 'ak-secret' },
        },
      },
    };
    upstream.stub.handle((_req, res) =>
      json(res, 200, { status: 200, requestId: 'upstream-request', result: [record] }),
    );
    for (const [handler, suffix, params] of [
      [pipesRoute.GET, '', serviceIds],
      [pipeRoute.GET, `/${PIPE_ID}`, pipeIds],
    ] as const) {
      const response = await call(handler, `${svc}/datapipes${suffix}`, params, { role: 'viewer' });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toMatch(/secret|credentials|connectionString|accessKey|password/);
      const [pipe] = (JSON.parse(text) as { result: (typeof record)[] }).result;
      expect(pipe?.source.kafka).toEqual({ type: 'kafka', brokers: 'b:9092', authentication: 'PLAIN' });
      expect(pipe?.source.postgres).toEqual({ host: 'db' });
      expect(pipe?.source.objectStorage).toEqual({ type: 'objstore_4' });
    }
  });
});
