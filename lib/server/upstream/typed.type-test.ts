/**
 * Type-check test of typed.ts: never run, only compiled by `npx tsc --noEmit` (and so by `npm test`'s
 * type-check). Each `@ts-expect-error` line must fail to compile: if the types stopped catching that
 * mistake, the directive itself would become the error.
 */
import { cloudApi, observabilityApi } from './typed';

const organizationId = '00000000-0000-4000-8000-000000000000';
const keyId = '00000000-0000-4000-8000-000000000001';

export async function typedCallsCatchMistakes(): Promise<void> {
  // Right: the document's path, a method it defines there, its parameters and body fields.
  await cloudApi.proxy('patch', '/v1/organizations/{organizationId}/keys/{keyId}', {
    params: { organizationId, keyId },
    body: { name: 'renamed', state: 'disabled' },
  });
  const listed = await cloudApi.request('get', '/v1/organizations/{organizationId}/keys', {
    params: { organizationId },
  });
  const firstName: string | undefined = listed.result?.[0]?.name;
  void firstName;
  await observabilityApi.proxy('get', '/api/v2/dashboards/{id}', { params: { id: 'a'.repeat(24) } });

  // @ts-expect-error a path the document does not have (a typo in a segment)
  await cloudApi.proxy('get', '/v1/organizations/{organizationId}/key', { params: { organizationId } });
  // @ts-expect-error a method the document does not define for the path
  await cloudApi.proxy('put', '/v1/organizations/{organizationId}/keys/{keyId}', { params: { organizationId, keyId } });
  await cloudApi.proxy('get', '/v1/organizations/{organizationId}/keys/{keyId}', {
    // @ts-expect-error a path parameter under a wrong name
    params: { organizationId, id: keyId },
  });
  await cloudApi.proxy('patch', '/v1/organizations/{organizationId}/keys/{keyId}', {
    params: { organizationId, keyId },
    // @ts-expect-error a body field the operation does not take
    body: { nickname: 'renamed' },
  });
  await cloudApi.proxy('patch', '/v1/organizations/{organizationId}/keys/{keyId}', {
    params: { organizationId, keyId },
    // @ts-expect-error a body field's value outside the document's enumeration
    body: { state: 'paused' },
  });
  // @ts-expect-error an answer field the document does not have
  void listed.result?.[0]?.nickname;
  // @ts-expect-error an observability path without its /api prefix
  await observabilityApi.proxy('get', '/v2/dashboards/{id}', { params: { id: 'a'.repeat(24) } });
}
