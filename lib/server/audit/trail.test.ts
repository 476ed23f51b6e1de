/** What `auditWrite` makes of one request and its answer: which writes it records, and each field of the event. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import type { AuditEvent } from './record';

const recorded: AuditEvent[] = [];
const knownNames = new Map<string, string>();
const lookedUp: string[] = [];
vi.mock('./record', () => ({
  recordAuditEvent: async (event: AuditEvent) => {
    recorded.push(event);
  },
  lastKnownTargetName: async (id: string) => {
    lookedUp.push(id);
    return knownNames.get(id) ?? null;
  },
}));
const { auditWrite } = await import('./trail');

const ORG = '/api/cloud/v1/organizations/6a0b3c1e-2d4f-4a5b-8c9d-0e1f2a3b4c5d';
const KEY_ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const admin: SessionUser = { name: 'ann', role: 'admin', method: 'sso' };

const request = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Request(`http://console.test${path}`, { method, headers });
const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  recorded.length = 0;
  lookedUp.length = 0;
  knownNames.clear();
});

describe('which requests auditWrite records', () => {
  it('hands back the very response, recording nothing, for a read, an anonymous write, or a query sent as POST', async () => {
    const answer = jsonAnswer(200, { result: { id: KEY_ID } });
    expect(await auditWrite(request('GET', `${ORG}/keys/${KEY_ID}`), 'r', { user: admin }, answer)).toBe(answer);
    expect(await auditWrite(request('PATCH', `${ORG}/keys/${KEY_ID}`), 'r', {}, answer)).toBe(answer);
    expect(await auditWrite(request('PATCH', `${ORG}/keys/${KEY_ID}`), 'r', { user: null }, answer)).toBe(answer);
    expect(await auditWrite(request('POST', '/api/observability/v2/charts/series'), 'r', { user: admin }, answer)).toBe(
      answer,
    );
    expect(recorded).toEqual([]);
  });

  it('records a write with who, how, the operation, its target, the outcome, the request id and the address', async () => {
    const answer = jsonAnswer(200, { result: { id: KEY_ID, name: 'From the answer' } });
    const sent = request('PATCH', `${ORG}/keys/${KEY_ID}`, { 'x-forwarded-for': '198.51.100.7, 10.0.0.1' });
    expect(await auditWrite(sent, 'req-1', { user: admin, targetName: 'Loader' }, answer)).toBe(answer);
    expect(recorded).toEqual([
      {
        actor: 'ann',
        actorRole: 'admin',
        authMethod: 'sso',
        operation: 'key.update',
        targetType: 'API key',
        targetId: KEY_ID,
        targetName: 'Loader',
        outcome: 'success',
        status: 200,
        requestId: 'req-1',
        errorCode: null,
        changes: null,
        clientAddress: '198.51.100.7',
      },
    ]);
  });

  it('records a user without a sign-in method with a null method', async () => {
    await auditWrite(
      request('PATCH', `${ORG}/keys/${KEY_ID}`),
      'r',
      { user: { name: 'bob', role: 'editor' }, targetName: 'x' },
      jsonAnswer(200, {}),
    );
    expect(recorded[0]).toMatchObject({ actor: 'bob', actorRole: 'editor', authMethod: null });
  });
});

describe('the target of a recorded write', () => {
  it('takes the name from the body sent when the handler named none, without parsing the answer', async () => {
    const answer = jsonAnswer(200, { result: { name: 'From the answer' } });
    const clone = vi.spyOn(answer, 'clone');
    await auditWrite(request('PATCH', `${ORG}/keys/${KEY_ID}`), 'r', { user: admin, body: { name: 'Sent' } }, answer);
    expect(recorded[0]).toMatchObject({ targetId: KEY_ID, targetName: 'Sent' });
    expect(clone).not.toHaveBeenCalled();
  });

  it('takes id and name of a created record from the cloud answer, a new key from under `key`', async () => {
    await auditWrite(
      request('POST', `${ORG}/keys`),
      'r',
      { user: admin },
      jsonAnswer(200, { result: { key: { id: KEY_ID, name: 'New key' }, id: 'not-this', name: 'nor this' } }),
    );
    await auditWrite(
      request('POST', `${ORG}/keys`),
      'r',
      { user: admin },
      jsonAnswer(200, { result: { id: 'cloud-id', name: 'Cloud' }, data: { id: 'oss-id', name: 'Oss' } }),
    );
    await auditWrite(
      request('POST', '/api/observability/v2/alerts'),
      'r',
      { user: admin },
      jsonAnswer(201, { data: { id: 'oss-id', name: 'Oss' } }),
    );
    expect(recorded.map((event) => [event.targetId, event.targetName])).toEqual([
      [KEY_ID, 'New key'],
      ['cloud-id', 'Cloud'],
      ['oss-id', 'Oss'],
    ]);
  });

  it('keeps the id from the path over the one in the answer', async () => {
    await auditWrite(
      request('PATCH', `${ORG}/keys/${KEY_ID}`),
      'r',
      { user: admin },
      jsonAnswer(200, { result: { id: 'other', name: 'Loader' } }),
    );
    expect(recorded[0]).toMatchObject({ targetId: KEY_ID, targetName: 'Loader' });
  });

  it('leaves id and name unknown when the answer has none, is no JSON object, is not JSON, or is empty', async () => {
    const answers = [
      jsonAnswer(200, { result: { id: 7, name: '' } }),
      jsonAnswer(200, 'just a string'),
      jsonAnswer(200, null),
      new Response('{"result":{"id":"x","name":"y"}}', { status: 200, headers: { 'content-type': 'text/plain' } }),
      new Response('{"result":{"id":"x","name":"y"}}', { status: 200 }),
      new Response('{"result":', { status: 200, headers: { 'content-type': 'application/json' } }),
      new Response(null, { status: 204, headers: { 'content-type': 'application/json' } }),
    ];
    for (const answer of answers) await auditWrite(request('POST', `${ORG}/keys`), 'r', { user: admin }, answer);
    expect(recorded.map((event) => [event.targetId, event.targetName])).toEqual(answers.map(() => [null, null]));
    expect(lookedUp).toEqual([]);
  });

  it('names a target the request does not name by its latest name in the log, and looks up nothing without an id', async () => {
    knownNames.set(KEY_ID, 'Loader');
    await auditWrite(
      request('DELETE', `${ORG}/keys/${KEY_ID}`),
      'r',
      { user: admin },
      new Response(null, { status: 204 }),
    );
    expect(recorded[0]).toMatchObject({ operation: 'key.delete', targetId: KEY_ID, targetName: 'Loader' });
    expect(lookedUp).toEqual([KEY_ID]);
  });

  it('does not look the name up when the body names the target', async () => {
    await auditWrite(
      request('DELETE', `${ORG}/keys/${KEY_ID}`),
      'r',
      { user: admin, body: { name: 'Sent' } },
      new Response(null, { status: 204 }),
    );
    expect(lookedUp).toEqual([]);
  });
});

describe('a refused write', () => {
  it('records a failure with the error code of the answer, and takes no id or name from it', async () => {
    await auditWrite(
      request('POST', `${ORG}/keys`),
      'r',
      { user: admin },
      jsonAnswer(403, { code: 'FORBIDDEN', result: { id: 'x', name: 'y' }, data: { id: 'x', name: 'y' } }),
    );
    expect(recorded[0]).toMatchObject({
      outcome: 'failure',
      status: 403,
      errorCode: 'FORBIDDEN',
      targetId: null,
      targetName: null,
    });
  });

  it('reads the error code even when the path and the handler name the target', async () => {
    await auditWrite(
      request('PATCH', `${ORG}/keys/${KEY_ID}`),
      'r',
      { user: admin, targetName: 'Loader' },
      jsonAnswer(409, { code: 'CONFLICT' }),
    );
    expect(recorded[0]).toMatchObject({ outcome: 'failure', errorCode: 'CONFLICT', targetName: 'Loader' });
  });

  it('counts 399 as a success and 400 as a failure', async () => {
    for (const status of [399, 400])
      await auditWrite(
        request('PATCH', `${ORG}/keys/${KEY_ID}`),
        'r',
        { user: admin, targetName: 'x' },
        jsonAnswer(status, {}),
      );
    expect(recorded.map((event) => event.outcome)).toEqual(['success', 'failure']);
  });
});

describe('the changes of a recorded write', () => {
  const changes = async (method: string, notes: { body?: unknown; changes?: string }, status = 200) => {
    recorded.length = 0;
    await auditWrite(
      request(method, `${ORG}/keys/${KEY_ID}`),
      'r',
      { user: admin, targetName: 'x', ...notes },
      jsonAnswer(status, {}),
    );
    return recorded[0]!.changes;
  };

  it('names the fields sent, sorted, leaving out undefined ones and never showing a value', async () => {
    expect(await changes('PATCH', { body: { roles: ['admin'], name: 'Secret name', ip: undefined } })).toBe(
      'name, roles',
    );
  });

  it('shows the value of a command or state that is a short lowercase word, and only then', async () => {
    expect(await changes('PATCH', { body: { state: 'disabled', command: 'resume_now' } })).toBe(
      'command=resume_now, state=disabled',
    );
    expect(await changes('PATCH', { body: { state: 'Disabled' } })).toBe('state');
    expect(await changes('PATCH', { body: { state: 'on off' } })).toBe('state');
    expect(await changes('PATCH', { body: { state: 'a'.repeat(33) } })).toBe('state');
    expect(await changes('PATCH', { body: { state: 'a'.repeat(32) } })).toBe(`state=${'a'.repeat(32)}`);
    expect(await changes('PATCH', { body: { state: '' } })).toBe('state');
    expect(await changes('PATCH', { body: { state: 1 } })).toBe('state');
    expect(await changes('PATCH', { body: { name: 'disabled' } })).toBe('name');
  });

  it('has none for a create, an empty body, no body, a list or a value', async () => {
    recorded.length = 0;
    await auditWrite(request('POST', `${ORG}/keys`), 'r', { user: admin, body: { state: 'x' } }, jsonAnswer(200, {}));
    expect(recorded[0]!.changes).toBeNull();
    expect(await changes('PATCH', { body: {} })).toBeNull();
    expect(await changes('PATCH', { body: { name: undefined } })).toBeNull();
    expect(await changes('PATCH', {})).toBeNull();
    expect(await changes('PATCH', { body: null })).toBeNull();
    expect(await changes('PATCH', { body: ['name'] })).toBeNull();
    expect(await changes('PATCH', { body: 'name' })).toBeNull();
  });

  it('prefers the handler’s own words on success, and names the fields sent when the write failed', async () => {
    expect(await changes('PATCH', { body: { name: 'n' }, changes: 'Renamed' })).toBe('Renamed');
    expect(await changes('PATCH', { body: { name: 'n' }, changes: 'Renamed' }, 400)).toBe('name');
    expect(await changes('PATCH', { body: { name: 'n' }, changes: '' })).toBe('name');
  });
});
