/**
 * Type-check test of typed.ts: never run, only compiled by `npx tsc --noEmit` (and so by `npm test`'s
 * type-check). Each `@ts-expect-error` line must fail to compile: if the types stopped catching that
 * mistake, the directive itself would become the error.
 */
import { asSent, cloudApi, observabilityApi } from './typed';

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

const serviceId = '00000000-0000-4000-8000-000000000002';
const clickPipeId = '00000000-0000-4000-8000-000000000003';
const PIPE = '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}';

/** The calls the pipe, managed observability, diagnosis and page-read code make, and the mistakes they can no longer make. */
export async function servicePathsCatchMistakes(): Promise<void> {
  // Right: a body in the console's dialect passed on as its schema checked it; the path stays typed.
  await cloudApi.proxy('patch', PIPE, { params: { organizationId, serviceId, clickPipeId }, body: asSent({}) });
  await cloudApi.call('put', `${PIPE}/settings`, {
    params: { organizationId, serviceId, clickPipeId },
    body: asSent({}),
  });
  await observabilityApi.proxy('post', '/api/v2/charts/series', { body: asSent({}) }, { read: true });
  await observabilityApi.listAll('/api/v2/alerts', {});
  const pagePath: string = cloudApi.path('get', '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes', {
    params: { organizationId, serviceId },
  });
  void pagePath;

  // @ts-expect-error the console's own segment name: the document's path says clickpipes
  await cloudApi.proxy('get', '/v1/organizations/{organizationId}/services/{serviceId}/datapipes', {
    params: { organizationId, serviceId },
  });
  await cloudApi.proxy(
    'delete',
    '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/alerts/{clickStackAlertId}',
    {
      // @ts-expect-error the route's parameter name (alertId), not the document's
      params: { organizationId, serviceId, alertId: 'a'.repeat(24) },
    },
  );
  await cloudApi.proxy('patch', `${PIPE}/state`, {
    params: { organizationId, serviceId, clickPipeId },
    // @ts-expect-error a pipe state command the document does not define
    body: { command: 'pause' },
  });
  // @ts-expect-error a passed-on body on an operation that takes none
  await cloudApi.proxy('get', PIPE, { params: { organizationId, serviceId, clickPipeId }, body: asSent({}) });
  // @ts-expect-error a body that skips the document's types without saying so
  await observabilityApi.proxy('post', '/api/v2/alerts', { body: { name: 'x', threshold: 'high' } });
  // @ts-expect-error a whole-list read of a path with no list (the document has no GET there)
  await observabilityApi.listAll('/api/v2/charts/series', {});
  // @ts-expect-error a page read of a path the document does not have
  void cloudApi.path('get', '/v1/organizations/{organizationId}/pipes', { params: { organizationId } });
}
