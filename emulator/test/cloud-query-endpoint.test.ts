import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import { queryClient } from './query-fixtures';

const t = emulatorForFile();
const q = queryClient(t);
type Envelope = { status: number; result?: Record<string, unknown>; error?: string; requestId: string };

describe('the service query endpoint (serviceQueryEndpoint)', () => {
  it('answers 404 in the usual error body until one is configured', async () => {
    const res = await t.cloud<Envelope>('GET', q.endpointPath());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      status: 404,
      error: expect.stringMatching(/^NOT_FOUND: no query endpoint is configured/),
      requestId: expect.any(String),
    });
  });

  it('creates, reads, replaces as a whole and deletes the configuration', async () => {
    const keyId = await q.consoleKeyId();
    const created = await t.cloud<Envelope>('POST', q.endpointPath(), {
      body: {
        roles: ['sql_console_read_only'],
        openApiKeys: [keyId],
        allowedOrigins: 'https://a.example, https://b.example',
      },
    });
    expect(created.status).toBe(200);
    const endpoint = created.body.result!;
    expect(endpoint).toEqual({
      id: expect.any(String),
      roles: ['sql_console_read_only'],
      openApiKeys: [keyId],
      allowedOrigins: 'https://a.example,https://b.example',
    });
    expect((await t.cloud<Envelope>('GET', q.endpointPath())).body.result).toEqual(endpoint);

    // A replace keeps nothing that was not sent (but the endpoint keeps its id).
    const replaced = await t.cloud<Envelope>('POST', q.endpointPath(), {
      body: { roles: ['sql_console_admin'], openApiKeys: [] },
    });
    expect(replaced.body.result).toEqual({
      id: endpoint.id,
      roles: ['sql_console_admin'],
      openApiKeys: [],
      allowedOrigins: '',
    });

    const deleted = await t.cloud<Envelope>('DELETE', q.endpointPath());
    expect([deleted.status, deleted.body.result]).toEqual([200, undefined]);
    expect((await t.cloud('GET', q.endpointPath())).status).toBe(404);
    expect((await t.cloud('DELETE', q.endpointPath())).status).toBe(404);
  });

  it('is kept per service and forgotten on reset', async () => {
    await q.allowConsoleKey();
    const services = await t.cloud<{ result: { id: string }[] }>('GET', `${t.org}/services`);
    const other = services.body.result.find((s) => s.id !== t.emulator.serviceId)!;
    expect((await t.cloud('GET', q.endpointPath(other.id))).status).toBe(404);
    await t.control('POST', '/reset');
    expect((await t.cloud('GET', q.endpointPath())).status).toBe(404);
  });

  it.each([
    [
      'no roles',
      { openApiKeys: [] },
      'roles must contain at least 1 element of sql_console_read_only, sql_console_admin',
    ],
    [
      'an empty role list',
      { roles: [], openApiKeys: [] },
      'roles must contain at least 1 element of sql_console_read_only, sql_console_admin',
    ],
    [
      'an unknown role',
      { roles: ['sql_console_admin', 'admin'], openApiKeys: [] },
      'roles[1] must be one of sql_console_read_only, sql_console_admin',
    ],
    [
      'keys that are not a list',
      { roles: ['sql_console_admin'], openApiKeys: 'abc' },
      'openApiKeys must be an array of API key ids',
    ],
    [
      'a key of no one',
      { roles: ['sql_console_admin'], openApiKeys: ['00000000-0000-4000-8000-000000000000'] },
      'openApiKeys[0]: API key 00000000-0000-4000-8000-000000000000 is not a key of this organization',
    ],
    [
      'origins that are not text',
      { roles: ['sql_console_admin'], openApiKeys: [], allowedOrigins: ['x'] },
      'allowedOrigins must be a comma-separated list of domains',
    ],
  ])('answers 400 naming the field for %s, keeping what was there', async (_label, body, message) => {
    const res = await t.cloud<Envelope>('POST', q.endpointPath(), { body });
    expect([res.status, res.body.error]).toEqual([400, `BAD_REQUEST: ${message}`]);
    expect((await t.cloud('GET', q.endpointPath())).status).toBe(404);
  });

  it('takes the key by its record id, not by its Basic-auth key id', async () => {
    const res = await t.cloud<Envelope>('POST', q.endpointPath(), {
      body: { roles: ['sql_console_admin'], openApiKeys: [t.emulator.cloudKeyId] },
    });
    expect(res.status).toBe(400);
  });

  it('needs an admin key to write and a developer key to read', async () => {
    const developer = await t.createKey({ name: 'dev', roles: ['developer'] });
    const write = await t.cloud<Envelope>('POST', q.endpointPath(), {
      body: { roles: ['sql_console_admin'], openApiKeys: [] },
      auth: developer.pair,
    });
    expect([write.status, write.body.error]).toEqual([
      403,
      'FORBIDDEN: this operation requires an API key with the admin role',
    ]);
    await q.allowConsoleKey();
    expect((await t.cloud('GET', q.endpointPath(), { auth: developer.pair })).status).toBe(200);
    expect((await t.cloud('DELETE', q.endpointPath(), { auth: developer.pair })).status).toBe(403);
  });
});
