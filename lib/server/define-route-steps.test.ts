/**
 * define-route on its own, with the session, the service list, the audit trail, the history and
 * the request log replaced: each guard's answer and order, what the handler gets, and what is
 * recorded and logged afterwards. (define-route.test.ts drives the same guards through real routes.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { SessionUser } from '@/lib/auth/roles';
import type { AuditNotes } from './audit/trail';

const state = vi.hoisted(() => ({
  user: null as SessionUser | null,
  members: new Map<string, boolean | undefined>(),
  names: new Map<string, string>(),
  audited: [] as { requestId: string; notes: AuditNotes; status: number }[],
  summary: null as string | null,
  versioned: [] as { requestId: string; user: unknown; status: number }[],
  logged: [] as Record<string, unknown>[],
  auditAnswer: null as Response | null,
}));

vi.mock('./session', () => ({ userFromRequest: async () => state.user }));
vi.mock('./service-membership', () => ({
  isOrganizationService: async (id: string) => state.members.get(id),
  knownServiceName: (id: string) => state.names.get(id),
}));
vi.mock('./audit/trail', () => ({
  auditWrite: async (_request: Request, requestId: string, notes: AuditNotes, response: Response) => {
    state.audited.push({ requestId, notes: { ...notes }, status: response.status });
    return state.auditAnswer ?? response;
  },
}));
vi.mock('./history/record', () => ({
  recordObjectRequest: async (_request: Request, requestId: string, user: unknown, response: Response) => {
    state.versioned.push({ requestId, user, status: response.status });
    return state.summary;
  },
}));
vi.mock('./request-log', () => ({
  logRequest: (entry: Record<string, unknown>) => state.logged.push(entry),
}));

const { defineRoute, definePublicRoute } = await import('./define-route');
const { ApiError } = await import('./errors');
const { currentRequestId } = await import('./request-context');

const ORIGIN = 'http://console.test';
const editor: SessionUser = { name: 'ed', role: 'editor', method: 'password' };

beforeEach(() => {
  state.user = editor;
  state.members.clear();
  state.names.clear();
  state.audited.length = 0;
  state.versioned.length = 0;
  state.logged.length = 0;
  state.summary = null;
  state.auditAnswer = null;
});

function send(
  handler: (
    request: Request,
    context: { params: Promise<Record<string, string | string[] | undefined>> },
  ) => Promise<Response>,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    params?: Record<string, string | string[]>;
  } = {},
) {
  const method = init.method ?? 'GET';
  const headers = { ...(method === 'GET' ? {} : { origin: ORIGIN }), ...init.headers };
  const request = new Request(`${ORIGIN}/api/things/1`, { method, headers, body: init.body });
  return handler(request, { params: Promise.resolve(init.params ?? {}) });
}

const ok = () => Response.json({ fine: true });
const body = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe('the session', () => {
  it('is required: 401 with the request id in body and header, and the handler never runs', async () => {
    state.user = null;
    const handler = vi.fn(ok);
    const response = await send(defineRoute({ role: 'viewer', handler }));
    expect(response.status).toBe(401);
    const answer = await body(response);
    expect(answer).toMatchObject({ code: 'UNAUTHENTICATED', error: 'Sign in to continue' });
    expect(response.headers.get('x-request-id')).toBe(answer.requestId);
    expect(handler).not.toHaveBeenCalled();
  });

  it('comes before the same-origin rule', async () => {
    state.user = null;
    const response = await send(defineRoute({ role: 'viewer', handler: ok }), {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(401);
  });

  it('is not asked for by a public route, which the audit trail and the history leave alone', async () => {
    state.user = null;
    const response = await send(definePublicRoute({ handler: ({ user }) => Response.json({ user }) }), {
      method: 'POST',
    });
    expect(await body(response)).toEqual({ user: null });
    expect(state.audited).toEqual([]);
    expect(state.versioned).toEqual([]);
  });
});

describe('the role', () => {
  it('refuses a role below the route’s with 403, naming both', async () => {
    state.user = { name: 'vi', role: 'viewer' };
    const response = await send(defineRoute({ role: 'editor', handler: ok }));
    expect(response.status).toBe(403);
    expect(await body(response)).toMatchObject({
      code: 'FORBIDDEN',
      error: 'This needs the editor role; you are signed in as viewer',
    });
  });

  it('lets the route’s role and any above it through, and hands the handler the user', async () => {
    for (const role of ['editor', 'admin'] as const) {
      state.user = { name: role, role };
      const response = await send(defineRoute({ role: 'editor', handler: ({ user }) => Response.json(user) }));
      expect(await body(response)).toEqual({ name: role, role });
    }
  });

  it('is the per-service role on a service path (serviceId or svc), named in the refusal', async () => {
    state.user = { name: 'vi', role: 'viewer', services: { s1: 'admin' } };
    state.members.set('s1', true);
    const route = defineRoute({ role: 'editor', handler: ok });
    expect((await send(route, { params: { serviceId: 's1' } })).status).toBe(200);
    expect((await send(route, { params: { svc: 's1' } })).status).toBe(200);
    state.user = { name: 'ad', role: 'admin', services: { s1: 'viewer' } };
    const refused = await send(route, { params: { serviceId: 's1' } });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({
      error: 'This needs the editor role on service s1; you are viewer there',
    });
    state.names.set('s1', 'Staging');
    expect(await body(await send(route, { params: { serviceId: 's1' } }))).toMatchObject({
      error: 'This needs the editor role on service Staging (s1); you are viewer there',
    });
    // Not a service path: the organization role.
    expect((await send(route, { params: { id: 's1' } })).status).toBe(200);
  });
});

describe('the service of a service path', () => {
  it('answers 404 for a service the organization does not have, whatever the role', async () => {
    state.user = { name: 'ad', role: 'admin' };
    state.members.set('foreign', false);
    const response = await send(defineRoute({ role: 'viewer', handler: ok }), { params: { serviceId: 'foreign' } });
    expect(response.status).toBe(404);
    expect(await body(response)).toMatchObject({
      code: 'SERVICE_NOT_FOUND',
      error: 'No such service in this organization: foreign',
    });
  });

  it('lets the request on when the service list cannot be read, and ignores a parameter that is not one id', async () => {
    const route = defineRoute({ role: 'viewer', handler: ok });
    expect((await send(route, { params: { serviceId: 'unknown' } })).status).toBe(200);
    state.members.set('a', false);
    expect((await send(route, { params: { serviceId: ['a', 'b'] } })).status).toBe(200);
  });
});

describe('the guards of a write', () => {
  it('apply to writes only: a read passes without Origin or content type', async () => {
    const route = defineRoute({ role: 'viewer', body: z.unknown(), handler: ok });
    expect((await send(route, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('check the origin, then the content type, then the body', async () => {
    const route = defineRoute({ role: 'editor', body: z.object({ name: z.string() }), handler: ok });
    const foreign = await send(route, { method: 'POST', headers: { origin: 'https://evil.example' }, body: 'x' });
    expect(await body(foreign)).toMatchObject({ status: 403, code: 'FOREIGN_ORIGIN' });
    const text = await send(route, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(await body(text)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const broken = await send(route, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(await body(broken)).toMatchObject({ status: 400, code: 'INVALID_JSON' });
  });

  it('need no content type nor body when the route takes none', async () => {
    const response = await send(
      defineRoute({ role: 'editor', handler: ({ body }) => Response.json({ body: body ?? 'none' }) }),
      {
        method: 'DELETE',
      },
    );
    expect(await body(response)).toEqual({ body: 'none' });
  });
});

describe('path parameters and body', () => {
  it('answer 400 INVALID_PARAMETER naming the parameter and the schema’s message', async () => {
    const route = defineRoute({
      role: 'viewer',
      params: z.object({ id: z.string().regex(/^\d+$/, 'Must be digits') }),
      handler: ok,
    });
    const response = await send(route, { params: { id: '../x' } });
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({
      code: 'INVALID_PARAMETER',
      error: 'Path parameter "id" is invalid: Must be digits',
    });
  });

  it('name a nested parameter by its dotted path, and a refusal of the whole by "parameter"', async () => {
    const nested = defineRoute({
      role: 'viewer',
      params: z
        .object({ a: z.string() })
        .superRefine((_value, context) => context.addIssue({ code: 'custom', path: ['a', 0], message: 'Bad first' })),
      handler: ok,
    });
    expect(await body(await send(nested, { params: { a: 'y' } }))).toMatchObject({
      error: 'Path parameter "a.0" is invalid: Bad first',
    });
    const whole = defineRoute({
      role: 'viewer',
      params: z.object({}).refine(() => false, 'No parameters fit'),
      handler: ok,
    });
    expect(await body(await send(whole))).toMatchObject({
      error: 'Path parameter "parameter" is invalid: No parameters fit',
    });
  });

  it('hand the handler the parsed parameters and body, and the body to the audit trail', async () => {
    const route = defineRoute({
      role: 'editor',
      params: z.object({ id: z.coerce.number() }),
      body: z.object({ name: z.string().trim() }),
      handler: ({ params, body: sent }) => Response.json({ params, body: sent }),
    });
    const response = await send(route, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"  Board  "}',
      params: { id: '7' },
    });
    expect(await body(response)).toEqual({ params: { id: 7 }, body: { name: 'Board' } });
    expect(state.audited[0]?.notes.body).toEqual({ name: 'Board' });
  });

  it('answer 400 VALIDATION_FAILED for a body the schema refuses, before the handler', async () => {
    const handler = vi.fn(ok);
    const route = defineRoute({ role: 'editor', body: z.object({ name: z.string() }), handler });
    const response = await send(route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await body(response)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('give a handler without a context no parameters', async () => {
    const route = defineRoute({ role: 'viewer', handler: ({ params }) => Response.json(params) });
    const response = await route(new Request(`${ORIGIN}/api/x`), undefined as never);
    expect(await body(response)).toEqual({});
  });
});

describe('the response', () => {
  it('carries the request id, the same one the handler and its log lines see', async () => {
    let seen: { given?: string; current?: string } = {};
    const route = defineRoute({
      role: 'viewer',
      handler: ({ requestId }) => {
        seen = { given: requestId, current: currentRequestId() };
        return ok();
      },
    });
    const response = await send(route);
    expect(seen.given).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.current).toBe(seen.given);
    expect(response.headers.get('x-request-id')).toBe(seen.given);
  });

  it('is copied, keeping status and headers, when its own headers cannot change (a redirect)', async () => {
    const route = definePublicRoute({ handler: () => Response.redirect(`${ORIGIN}/login`, 303) });
    const response = await send(route);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/login`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is the handler’s ApiError as an error body, and a 500 without details for anything else', async () => {
    const refused = await send(
      definePublicRoute({
        handler: () => {
          throw new ApiError(409, 'CONFLICT', 'Taken');
        },
      }),
    );
    expect(await body(refused)).toMatchObject({ status: 409, code: 'CONFLICT', error: 'Taken' });
    const crashed = await send(
      definePublicRoute({
        handler: () => {
          throw new Error('secret detail');
        },
      }),
    );
    expect(crashed.status).toBe(500);
    const text = await crashed.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(text).not.toContain('secret detail');
  });
});

describe('after the handler', () => {
  it('versions the write and gives the audit trail its summary, the user, and the request id', async () => {
    state.summary = 'Renamed to Board';
    const response = await send(defineRoute({ role: 'editor', handler: ok }), { method: 'DELETE' });
    const requestId = response.headers.get('x-request-id');
    expect(state.versioned).toEqual([{ requestId, user: editor, status: 200 }]);
    expect(state.audited).toEqual([{ requestId, notes: { user: editor, changes: 'Renamed to Board' }, status: 200 }]);
  });

  it('leaves the changes to the audit trail when the history has no summary', async () => {
    await send(defineRoute({ role: 'editor', handler: ok }), { method: 'DELETE' });
    expect(state.audited[0]?.notes).toEqual({ user: editor });
  });

  it('audits refusals too, and answers what the audit trail handed back', async () => {
    state.user = { name: 'vi', role: 'viewer' };
    state.auditAnswer = new Response('from the trail', { status: 202 });
    const response = await send(defineRoute({ role: 'editor', handler: ok }), { method: 'DELETE' });
    expect(state.audited).toEqual([expect.objectContaining({ status: 403 })]);
    expect(response).toBe(state.auditAnswer);
  });

  it('logs one line with the status, the user, the request id and the parameters', async () => {
    const response = await send(defineRoute({ role: 'viewer', handler: ok }), { params: { id: '1' } });
    expect(state.logged).toEqual([
      expect.objectContaining({
        status: 200,
        user: 'ed',
        requestId: response.headers.get('x-request-id'),
        params: { id: '1' },
        started: expect.any(Number),
      }),
    ]);
  });

  it('logs a request whose parameters cannot be read with none, and one without a user as such', async () => {
    state.user = null;
    const route = definePublicRoute({ handler: ok });
    await route(new Request(`${ORIGIN}/api/x`), { params: Promise.reject(new Error('no params')) });
    await route(new Request(`${ORIGIN}/api/x`), { params: Promise.resolve(undefined as never) });
    expect(state.logged.map((entry) => [entry.params, entry.user, entry.status])).toEqual([
      [{}, undefined, 200],
      [{}, undefined, 200],
    ]);
  });
});
