import { beforeEach, describe, expect, it } from 'vitest';
import * as pipesRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/route';
import * as keysRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/route';
import * as reasonsRoute from '@/app/api/pipe-diagnosis/[organizationId]/[serviceId]/reasons/route';
import { isOrganizationService, knownServiceRegion, setKnownServicesForTests } from './service-membership';
import { callRoute as call, json, ORG_ID, readJson, SERVICE_ID, stubUpstreamForFile } from './test-support';

const FOREIGN_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';
const SECOND_ID = '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d';
const upstream = stubUpstreamForFile();
const org = `/api/cloud/v1/organizations/${ORG_ID}`;
const servicesPath = `/v1/organizations/${ORG_ID}/services`;

const listPipes = (serviceId: string) =>
  call(
    pipesRoute.GET,
    `${org}/services/${serviceId}/datapipes`,
    { organizationId: ORG_ID, serviceId },
    { role: 'viewer' },
  );

/** The upstream knows the test service and one more; anything else answers an empty pipes list. */
function answerServices(ids: readonly string[] = [SERVICE_ID, SECOND_ID]) {
  upstream.stub.handle((req, res) => {
    if (req.url === servicesPath)
      json(res, 200, {
        status: 200,
        requestId: 'u',
        result: ids.map((id, index) => ({
          id,
          name: `Service ${index}`,
          region: index === 0 ? 'us-east-1' : undefined,
        })),
      });
    else json(res, 200, { status: 200, requestId: 'u', result: [] });
  });
}

const servicesReads = () => upstream.stub.hits.filter((hit) => hit.url === servicesPath).length;

describe('a service-scoped route for a service outside the organization', () => {
  beforeEach(() => setKnownServicesForTests(null));

  it('answers 404 naming the service, and never reaches the service upstream', async () => {
    answerServices();
    const response = await listPipes(FOREIGN_ID);
    expect(response.status).toBe(404);
    expect(await readJson(response)).toMatchObject({
      status: 404,
      code: 'SERVICE_NOT_FOUND',
      error: `No such service in this organization: ${FOREIGN_ID}`,
    });
    expect(upstream.stub.hits.some((hit) => hit.url.includes(`/services/${FOREIGN_ID}`))).toBe(false);
  });

  it('is checked on the diagnosis routes too, whose path names the service', async () => {
    answerServices();
    const response = await call(
      reasonsRoute.GET,
      `/api/pipe-diagnosis/${ORG_ID}/${FOREIGN_ID}/reasons?pipes=x`,
      { organizationId: ORG_ID, serviceId: FOREIGN_ID },
      { role: 'viewer' },
    );
    expect(response.status).toBe(404);
    expect(await readJson(response)).toMatchObject({ code: 'SERVICE_NOT_FOUND' });
  });

  it('lets every service of the organization through', async () => {
    answerServices();
    for (const id of [SERVICE_ID, SECOND_ID]) expect((await listPipes(id)).status).toBe(200);
  });

  it('reads the services list once for many requests, not once per request', async () => {
    answerServices();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await listPipes(SERVICE_ID)).status);
    statuses.push((await listPipes(SECOND_ID)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(servicesReads()).toBe(1);
  });

  it('lets the request go on when the services list cannot be read, the upstream then decides', async () => {
    upstream.stub.handle((req, res) => {
      if (req.url === servicesPath) json(res, 403, { status: 403, error: 'FORBIDDEN', requestId: 'u' });
      else json(res, 200, { status: 200, requestId: 'u', result: [] });
    });
    expect((await listPipes(SERVICE_ID)).status).toBe(200);
  });

  it('does not concern organization routes', async () => {
    answerServices([]);
    const response = await call(keysRoute.GET, `${org}/keys`, { organizationId: ORG_ID }, { role: 'admin' });
    expect(response.status).toBe(200);
    expect(servicesReads()).toBe(0);
  });

  it('answers 401 before it looks the service up', async () => {
    answerServices();
    const response = await call(
      pipesRoute.GET,
      `${org}/services/${FOREIGN_ID}/datapipes`,
      { organizationId: ORG_ID, serviceId: FOREIGN_ID },
      {},
    );
    expect(response.status).toBe(401);
    expect(servicesReads()).toBe(0);
  });
});

describe("a service's region from the services list", () => {
  beforeEach(() => setKnownServicesForTests(null));

  it('is known once the list has been read to check a service, without another read', async () => {
    answerServices();
    expect(knownServiceRegion(SERVICE_ID)).toBeUndefined();
    expect(await isOrganizationService(SERVICE_ID)).toBe(true);
    expect(knownServiceRegion(SERVICE_ID)).toBe('us-east-1');
    expect(servicesReads()).toBe(1);
  });

  it('is not made up where the list does not say it', async () => {
    answerServices();
    await isOrganizationService(SECOND_ID);
    expect(knownServiceRegion(SECOND_ID)).toBeUndefined();
    expect(knownServiceRegion(FOREIGN_ID)).toBeUndefined();
  });
});
