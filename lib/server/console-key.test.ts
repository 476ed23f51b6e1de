/** The BFF refuses a change that could lock the console out of the cloud, unless the request confirms it. */
import { describe, expect, it } from 'vitest';
import * as keyRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/[keyId]/route';
import { callRoute as call, json, ORG_ID, readJson, stubUpstreamForFile } from './test-support';

const KEY_ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const path = `/api/cloud/v1/organizations/${ORG_ID}/keys/${KEY_ID}`;
const params = { organizationId: ORG_ID, keyId: KEY_ID };
const upstream = stubUpstreamForFile();

/** test-support signs the console's cloud requests with the key id `test-key-id`. */
function answerWithKey(keySuffix: string) {
  const record = {
    id: KEY_ID,
    name: 'Sluice console',
    state: 'enabled',
    roles: ['admin'],
    keySuffix,
    ipAccessList: [],
  };
  upstream.stub.handle((_req, res) => json(res, 200, { status: 200, requestId: 'u', result: record }));
}

const disable = (headers: Record<string, string> = {}) =>
  call(keyRoute.PATCH, path, params, { method: 'PATCH', json: { state: 'disabled' }, headers, role: 'admin' });

describe('the console key guard', () => {
  it('refuses to disable the console key without confirmation, saying what would happen and how to confirm', async () => {
    answerWithKey('y-id');
    const response = await disable();
    expect(response.status).toBe(409);
    const body = await readJson(response);
    expect(body).toMatchObject({ code: 'LOCKOUT_CONFIRMATION_REQUIRED' });
    expect(body.error).toBe(
      '“Sluice console” (…y-id) is the key this console uses. Disabling it cuts Sluice off from the cloud API until the key is enabled again ' +
        'with another admin key. Every console user is affected until an operator sets another key (CLOUD_API_KEY_ID and CLOUD_API_KEY_SECRET). ' +
        `To go ahead, send the request again with the header X-Sluice-Confirm-Lockout: ${KEY_ID}.`,
    );
    // Only the read: the change never left the console.
    expect(upstream.stub.hits.map((hit) => hit.method)).toEqual(['GET']);
  });

  it('goes ahead with the confirmation header naming this key, and only then', async () => {
    answerWithKey('y-id');
    expect((await disable({ 'x-sluice-confirm-lockout': 'another-key' })).status).toBe(409);
    expect((await disable({ 'x-sluice-confirm-lockout': KEY_ID })).status).toBe(200);
    expect(upstream.stub.hits.map((hit) => hit.method)).toEqual(['GET', 'GET', 'PATCH']);
  });

  it('guards deletes the same way', async () => {
    answerWithKey('y-id');
    expect((await call(keyRoute.DELETE, path, params, { method: 'DELETE', role: 'admin' })).status).toBe(409);
    expect(
      (
        await call(keyRoute.DELETE, path, params, {
          method: 'DELETE',
          role: 'admin',
          headers: { 'x-sluice-confirm-lockout': KEY_ID },
        })
      ).status,
    ).toBe(200);
  });

  it('lets harmless changes to the console key and any change to other keys through', async () => {
    answerWithKey('y-id');
    expect(
      (await call(keyRoute.PATCH, path, params, { method: 'PATCH', json: { name: 'Renamed' }, role: 'admin' })).status,
    ).toBe(200);
    answerWithKey('zzzz');
    expect((await disable()).status).toBe(200);
  });
});
