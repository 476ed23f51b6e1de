/** The Users page's API: admins manage people in place, the last admin stays, per-service roles count on every service route. */
import { describe, expect, it } from 'vitest';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[name]/route';
import * as passwordRoute from '@/app/api/users/[name]/password/route';
import * as scalingRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipesCdcScaling/route';
import * as servicesRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/route';
import {
  callRoute as call,
  json,
  ORG_ID,
  readJson,
  SERVICE_ID,
  sessionCookieFor,
  stubUpstreamForFile,
  testUsers,
} from './test-support';
import { setKnownServicesForTests } from './service-membership';

const upstream = stubUpstreamForFile();
const STAGING_ID = '8c2d5e3a-4f6b-4c7d-8e9f-2a3b4c5d6e7f';
const scalingPath = `/api/cloud/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/datapipesCdcScaling`;

function answerServices(): void {
  upstream.stub.handle((_req, res) =>
    json(res, 200, {
      status: 200,
      requestId: 'upstream-request',
      result: [
        { id: SERVICE_ID, name: 'Production' },
        { id: STAGING_ID, name: 'Staging' },
      ],
    }),
  );
}

const patchUser = (name: string, body: unknown, role: 'admin' | 'editor' = 'admin') =>
  call(userRoute.PATCH, `/api/users/${encodeURIComponent(name)}`, { name }, { method: 'PATCH', json: body, role });

describe('users API', () => {
  it('names the service a 403 is about by its name, once the organization list has been read', async () => {
    answerServices();
    setKnownServicesForTests(null);
    try {
      const cookie = await sessionCookieFor('admin', 'staging-viewer');
      expect((await patchUser('staging-viewer', { services: { Production: 'viewer' } })).status).toBe(200);
      const refused = await call(
        scalingRoute.PATCH,
        scalingPath,
        { organizationId: ORG_ID, serviceId: SERVICE_ID },
        { method: 'PATCH', json: { replicaCpuMillicores: 2000, replicaMemoryGb: 8 }, cookie },
      );
      expect(refused.status).toBe(403);
      expect((await readJson(refused)).error).toBe(
        `This needs the admin role on service Production (${SERVICE_ID}); you are viewer there`,
      );
    } finally {
      setKnownServicesForTests([SERVICE_ID]);
    }
  });

  it('lists users for admins only, without password hashes', async () => {
    await sessionCookieFor('admin');
    expect((await call(usersRoute.GET, '/api/users', {}, { role: 'editor' })).status).toBe(403);
    const response = await call(usersRoute.GET, '/api/users', {}, { role: 'admin' });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'admin-user',
          role: 'admin',
          method: 'password',
          services: {},
          lastSignInAt: null,
        }),
      ]),
    );
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password_hash|credential/);
  });

  it('adds a local user with a generated password that signs in, and names a bad field', async () => {
    const created = await call(
      usersRoute.POST,
      '/api/users',
      {},
      { method: 'POST', json: { name: 'newbie', role: 'viewer' }, role: 'admin' },
    );
    expect(created.status).toBe(201);
    const { data } = (await readJson(created)) as { data: { user: { name: string; role: string }; password: string } };
    expect(data.user).toMatchObject({ name: 'newbie', role: 'viewer' });
    expect(await (await testUsers()).verify('newbie', data.password)).toMatchObject({ id: 'newbie' });

    const again = await call(
      usersRoute.POST,
      '/api/users',
      {},
      { method: 'POST', json: { name: 'newbie', role: 'viewer' }, role: 'admin' },
    );
    expect(again.status).toBe(409);
    const bad = await call(
      usersRoute.POST,
      '/api/users',
      {},
      { method: 'POST', json: { name: 'Bad Name', role: 'owner' }, role: 'admin' },
    );
    expect(bad.status).toBe(400);
    const fields = ((await readJson(bad)).fields as { path: string }[]).map((field) => field.path);
    expect(fields).toEqual(expect.arrayContaining(['name', 'role']));
  });

  it('changes a role in place: the open session has the new role on its next request', async () => {
    const cookie = await sessionCookieFor('viewer', 'promoted');
    const before = await call(
      scalingRoute.PATCH,
      scalingPath,
      { organizationId: ORG_ID, serviceId: SERVICE_ID },
      {
        method: 'PATCH',
        json: { replicaCpuMillicores: 2000, replicaMemoryGb: 8 },
        cookie,
      },
    );
    expect(before.status).toBe(403);
    const changed = await patchUser('promoted', { role: 'admin' });
    expect(changed.status).toBe(200);
    expect((await readJson(changed)).data).toMatchObject({ name: 'promoted', role: 'admin' });
    const after = await call(
      scalingRoute.PATCH,
      scalingPath,
      { organizationId: ORG_ID, serviceId: SERVICE_ID },
      {
        method: 'PATCH',
        json: { replicaCpuMillicores: 2000, replicaMemoryGb: 8 },
        cookie,
      },
    );
    expect(after.status).toBe(200);
  });

  it('enforces a per-service role on that service, naming it when it refuses', async () => {
    answerServices();
    const cookie = await sessionCookieFor('admin', 'org-admin');
    // Admin everywhere, viewer on Production (named by its name here; stored by id).
    const changed = await patchUser('org-admin', { services: { Production: 'viewer' } });
    expect(changed.status).toBe(200);
    expect((await readJson(changed)).data).toMatchObject({ services: { [SERVICE_ID]: 'viewer' } });
    const refused = await call(
      scalingRoute.PATCH,
      scalingPath,
      { organizationId: ORG_ID, serviceId: SERVICE_ID },
      {
        method: 'PATCH',
        json: { replicaCpuMillicores: 2000, replicaMemoryGb: 8 },
        cookie,
      },
    );
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error).toBe(
      `This needs the admin role on service ${SERVICE_ID}; you are viewer there`,
    );
    // Organization routes keep the organization-wide role.
    expect((await call(usersRoute.GET, '/api/users', {}, { cookie })).status).toBe(200);
    // Cleared: the organization-wide role applies again.
    await patchUser('org-admin', { services: { [SERVICE_ID]: null } });
    upstream.stub.hits.length = 0;
    const allowed = await call(
      scalingRoute.PATCH,
      scalingPath,
      { organizationId: ORG_ID, serviceId: SERVICE_ID },
      {
        method: 'PATCH',
        json: { replicaCpuMillicores: 2000, replicaMemoryGb: 8 },
        cookie,
      },
    );
    expect(allowed.status).toBe(200);
  });

  it('refuses a role on a service the organization does not have, naming it', async () => {
    answerServices();
    await sessionCookieFor('viewer', 'someone');
    const response = await patchUser('someone', { services: { Nowhere: 'editor' } });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({
      error: 'No service "Nowhere" in this organization',
      fields: [{ path: 'services.Nowhere', message: 'No service "Nowhere" in this organization' }],
    });
    expect((await (await testUsers()).find('someone'))?.services).toEqual({});
  });

  it('answers 404 for an unknown user and 409 for the last admin', async () => {
    expect((await patchUser('ghost', { role: 'viewer' })).status).toBe(404);
    expect(
      (await call(userRoute.DELETE, '/api/users/ghost', { name: 'ghost' }, { method: 'DELETE', role: 'admin' })).status,
    ).toBe(404);
    const users = await testUsers();
    for (const user of await users.list())
      if (user.role === 'admin' && user.id !== 'admin-user') await users.setRole(user.id, 'viewer');
    const demote = await patchUser('admin-user', { role: 'viewer' });
    expect(demote.status).toBe(409);
    expect((await readJson(demote)).error).toBe('"admin-user" is the last admin; make someone else an admin first');
  });

  it('resets a password once and removes a user, ending their session', async () => {
    const cookie = await sessionCookieFor('editor', 'leaving');
    const reset = await call(
      passwordRoute.POST,
      '/api/users/leaving/password',
      { name: 'leaving' },
      { method: 'POST', role: 'admin' },
    );
    expect(reset.status).toBe(200);
    const { data } = (await readJson(reset)) as { data: { password: string } };
    expect(await (await testUsers()).verify('leaving', data.password)).not.toBeNull();
    // The reset ended the old session.
    expect((await call(usersRoute.GET, '/api/users', {}, { cookie })).status).toBe(401);
    const removed = await call(
      userRoute.DELETE,
      '/api/users/leaving',
      { name: 'leaving' },
      { method: 'DELETE', role: 'admin' },
    );
    expect(removed.status).toBe(204);
    expect(await (await testUsers()).find('leaving')).toBeNull();
  });

  it('passes the services list through for every role', async () => {
    answerServices();
    const response = await call(
      servicesRoute.GET,
      `/api/cloud/v1/organizations/${ORG_ID}/services`,
      { organizationId: ORG_ID },
      { role: 'viewer' },
    );
    expect(response.status).toBe(200);
    expect((await readJson(response)).result).toHaveLength(2);
  });
});
