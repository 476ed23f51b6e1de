import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as keysRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/route';
import * as keyRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/[keyId]/route';
import * as scalingRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipesCdcScaling/route';
import * as ossDashboardsRoute from '@/app/api/observability/v2/dashboards/route';
import * as ossDashboardRoute from '@/app/api/observability/v2/dashboards/[id]/route';
import { defineRoute } from './define-route';
import { MAX_BODY_BYTES } from './request-guards';
import {
  callRoute as call,
  json,
  ORG_ID,
  readJson,
  SERVICE_ID,
  sessionCookieFor,
  stubUpstreamForFile,
  type TestRequestInit,
} from './test-support';

const KEY_ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const DASHBOARD_ID = '65f0c0ffee0123456789abcd';
const upstream = stubUpstreamForFile();

const org = `/api/cloud/v1/organizations/${ORG_ID}`;
const svc = `${org}/services/${SERVICE_ID}`;

describe('session', () => {
  it('is required, with a JSON error body and request id', async () => {
    const response = await call(keysRoute.GET, `${org}/keys`, { organizationId: ORG_ID }, {});
    expect(response.status).toBe(401);
    const body = await readJson(response);
    expect(body).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('refuses a forged or tampered cookie', async () => {
    const valid = await sessionCookieFor('admin');
    for (const cookie of ['sluice_session=Fe26.2*1*forged', `${valid.slice(0, -4)}AAAA`]) {
      const response = await call(keysRoute.GET, `${org}/keys`, { organizationId: ORG_ID }, { cookie });
      expect(response.status).toBe(401);
    }
  });

  it('is checked before the same-origin rule', async () => {
    const response = await call(
      keyRoute.DELETE,
      `${org}/keys/${KEY_ID}`,
      { organizationId: ORG_ID, keyId: KEY_ID },
      {
        method: 'DELETE',
        origin: 'https://evil.example',
      },
    );
    expect(response.status).toBe(401);
  });
});

describe('mutation guards', () => {
  const create = (init: TestRequestInit) =>
    call(keysRoute.POST, `${org}/keys`, { organizationId: ORG_ID }, { method: 'POST', role: 'admin', ...init });
  const body = { name: 'ci', roles: ['developer'] };

  it.each([
    ['a missing Origin', { origin: null }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost:3000.evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { origin: null, headers: { 'sec-fetch-site': 'cross-site' } }],
    ['Sec-Fetch-Site: same-site', { headers: { 'sec-fetch-site': 'same-site' } }],
  ] as const)('refuses %s with 403 FOREIGN_ORIGIN', async (_label, init) => {
    const response = await create({ json: body, ...init });
    expect(response.status).toBe(403);
    expect(await readJson(response)).toMatchObject({ code: 'FOREIGN_ORIGIN' });
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('allows the same origin, by Origin or by Sec-Fetch-Site alone', async () => {
    expect((await create({ json: body })).status).toBe(200);
    expect((await create({ json: body, origin: null, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
  });

  it('derives its own origin from the forwarded host and protocol', async () => {
    const headers = { 'x-forwarded-host': 'console.example.com', 'x-forwarded-proto': 'https' };
    expect((await create({ json: body, origin: 'https://console.example.com', headers })).status).toBe(200);
    expect((await create({ json: body, origin: 'http://console.example.com', headers })).status).toBe(403);
  });

  it('requires a JSON content type (415)', async () => {
    const response = await create({ body: JSON.stringify(body), headers: { 'content-type': 'text/plain' } });
    expect(response.status).toBe(415);
    expect(await readJson(response)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('accepts a charset parameter on the content type', async () => {
    const response = await create({
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses 1 MiB + 1 byte with 413, also without a Content-Length', async () => {
    const padding = 'x'.repeat(MAX_BODY_BYTES + 1 - JSON.stringify({ ...body, pad: '' }).length);
    const big = JSON.stringify({ ...body, pad: padding });
    expect(Buffer.byteLength(big)).toBe(MAX_BODY_BYTES + 1);
    const declared = await create({ body: big, headers: { 'content-type': 'application/json' } });
    expect(declared.status).toBe(413);

    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await create({ body: stream, headers: { 'content-type': 'application/json' } });
    expect(streamed.status).toBe(413);
    expect(await readJson(streamed)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('accepts exactly 1 MiB', async () => {
    const exact = JSON.stringify({ name: 'x', tiles: [], pad: 'x'.repeat(MAX_BODY_BYTES - 32) });
    expect(Buffer.byteLength(exact)).toBe(MAX_BODY_BYTES);
    const response = await call(
      ossDashboardsRoute.POST,
      '/api/observability/v2/dashboards',
      {},
      {
        method: 'POST',
        role: 'editor',
        body: exact,
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(response.status).toBe(200);
  });

  const nested = (levels: number) => ({
    name: 'deep',
    tiles: [],
    extra: JSON.parse(`${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}`),
  });

  it('refuses a body nested 64 levels deep and accepts 63', async () => {
    const send = (levels: number) =>
      call(
        ossDashboardsRoute.POST,
        '/api/observability/v2/dashboards',
        {},
        { method: 'POST', role: 'editor', json: nested(levels) },
      );
    const deep = await send(64);
    expect(deep.status).toBe(400);
    expect(await readJson(deep)).toMatchObject({ code: 'BODY_TOO_DEEP' });
    expect((await send(63)).status).toBe(200);
    expect(upstream.stub.hits).toHaveLength(1);
  });

  it('refuses malformed JSON and an empty body', async () => {
    expect(
      await readJson(await create({ body: '{"name":', headers: { 'content-type': 'application/json' } })),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_JSON',
    });
    expect(await readJson(await create({ headers: { 'content-type': 'application/json' } }))).toMatchObject({
      code: 'INVALID_JSON',
    });
  });
});

describe('path ids', () => {
  it.each(['..%2F', '../x', '..', 'not-a-uuid', `${KEY_ID}/../../x`, `${KEY_ID}?x=1`, `${KEY_ID} `])(
    'refuses keyId %j',
    async (keyId) => {
      const response = await call(
        keyRoute.GET,
        `${org}/keys/${encodeURIComponent(keyId)}`,
        { organizationId: ORG_ID, keyId },
        { role: 'viewer' },
      );
      expect(response.status).toBe(400);
      expect(await readJson(response)).toMatchObject({
        code: 'INVALID_PARAMETER',
        error: expect.stringContaining('"keyId"'),
      });
      expect(upstream.stub.hits).toHaveLength(0);
    },
  );

  it('passes a UUID through, encoded into the upstream path', async () => {
    const response = await call(
      keyRoute.GET,
      `${org}/keys/${KEY_ID}`,
      { organizationId: ORG_ID, keyId: KEY_ID },
      { role: 'viewer' },
    );
    expect(response.status).toBe(200);
    expect(upstream.stub.hits[0]?.url).toBe(`/v1/organizations/${ORG_ID}/keys/${KEY_ID}`);
  });

  it('checks open-source ids against the 24-hex pattern', async () => {
    const bad = await call(
      ossDashboardRoute.GET,
      '/api/observability/v2/dashboards/x',
      { id: KEY_ID },
      { role: 'viewer' },
    );
    expect(bad.status).toBe(400);
    const good = await call(
      ossDashboardRoute.GET,
      `/api/observability/v2/dashboards/${DASHBOARD_ID}`,
      { id: DASHBOARD_ID },
      { role: 'viewer' },
    );
    expect(good.status).toBe(200);
    expect(upstream.stub.hits.map((h) => h.url)).toEqual([`/api/v2/dashboards/${DASHBOARD_ID}`]);
  });
});

describe('body validation', () => {
  it('answers 400 VALIDATION_FAILED with dotted field paths and the schema messages', async () => {
    const response = await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      {
        method: 'POST',
        role: 'admin',
        json: { name: 'ci', roles: ['developer'], ipAccessList: [{ source: 'not an ip', description: '' }] },
      },
    );
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'ipAccessList.0.source', message: 'Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8' },
      ],
    });
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('reports scaling bounds on their own fields', async () => {
    const response = await call(
      scalingRoute.PATCH,
      `${svc}/datapipesCdcScaling`,
      { organizationId: ORG_ID, serviceId: SERVICE_ID },
      {
        method: 'PATCH',
        role: 'admin',
        json: { replicaCpuMillicores: 500, replicaMemoryGb: 2 },
      },
    );
    const body = await readJson(response);
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { path: 'replicaCpuMillicores', message: expect.stringContaining('at least 1 core') },
        { path: 'replicaMemoryGb', message: 'Memory must be at least 4 GB' },
      ]),
    );
  });

  it('sends the validated body upstream', async () => {
    await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      {
        method: 'POST',
        role: 'admin',
        json: { name: '  ci  ', roles: ['developer'], smuggled: true },
      },
    );
    expect(JSON.parse(upstream.stub.hits[0]?.body ?? '')).toEqual({ name: 'ci', roles: ['developer'] });
  });
});

describe('responses', () => {
  it('pass the upstream envelope through with credentials removed at any depth', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 200, {
        status: 200,
        requestId: 'u',
        result: {
          name: 'k',
          deep: [{ source: { kafka: { credentials: { username: 'u', password: 'p' }, brokers: 'b' } } }],
          password: 'p',
          secretKey: 's',
          connectionString: 'c',
          privateKey: 'k',
          accessKey: { accessKeyId: 'a', secretKey: 's' },
          keySecret: 'ks',
        },
      }),
    );
    const response = await call(keysRoute.GET, `${org}/keys`, { organizationId: ORG_ID }, { role: 'viewer' });
    expect(await readJson(response)).toEqual({
      status: 200,
      requestId: 'u',
      result: { name: 'k', deep: [{ source: { kafka: { brokers: 'b' } } }] },
    });
  });

  it('let the one-time keySecret through only on key creation', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 200, { status: 200, requestId: 'u', result: { key: { id: KEY_ID }, keyId: 'id', keySecret: 'once' } }),
    );
    const created = await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      {
        method: 'POST',
        role: 'admin',
        json: { name: 'ci', roles: ['developer'] },
      },
    );
    expect(((await readJson(created)).result as Record<string, unknown>).keySecret).toBe('once');
    const read = await call(
      keyRoute.GET,
      `${org}/keys/${KEY_ID}`,
      { organizationId: ORG_ID, keyId: KEY_ID },
      { role: 'admin' },
    );
    expect((await readJson(read)).result).toEqual({ key: { id: KEY_ID }, keyId: 'id' });
  });

  it('map upstream failures into the BFF error body', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 409, { status: 409, error: 'CONFLICT: a key with that name exists', requestId: 'u' }),
    );
    const response = await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      {
        method: 'POST',
        role: 'admin',
        json: { name: 'ci', roles: ['developer'] },
      },
    );
    expect(response.status).toBe(409);
    expect(await readJson(response)).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      error: 'CONFLICT: a key with that name exists',
    });
  });

  it('answer 503 UPSTREAM_NOT_CONFIGURED when the upstream URL is missing', async () => {
    const { resetEnvCache } = await import('./env');
    const saved = process.env.OBSERVABILITY_API_URL;
    delete process.env.OBSERVABILITY_API_URL;
    resetEnvCache();
    try {
      const response = await call(ossDashboardsRoute.GET, '/api/observability/v2/dashboards', {}, { role: 'viewer' });
      expect(response.status).toBe(503);
      expect(await readJson(response)).toMatchObject({
        code: 'UPSTREAM_NOT_CONFIGURED',
        error: expect.stringContaining('OBSERVABILITY_API_URL'),
      });
    } finally {
      process.env.OBSERVABILITY_API_URL = saved;
      resetEnvCache();
    }
  });

  it('hide unexpected exceptions behind a 500 without a stack', async () => {
    const route = defineRoute({
      role: 'viewer',
      params: z.object({}),
      handler: () => {
        throw new Error('secret internals at /srv/app.ts:12');
      },
    });
    const response = await call(route, '/api/x', {}, { role: 'viewer' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret internals');
    expect(JSON.parse(text)).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });
});
