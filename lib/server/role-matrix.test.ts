/** Every BFF operation against every console role: who may call it, and that refused calls never reach the upstream. */
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/auth/roles';
import * as orgRoute from '@/app/api/cloud/v1/organizations/[organizationId]/route';
import * as keysRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/route';
import * as keyRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/[keyId]/route';
import * as serviceRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/route';
import * as endpointRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/privateEndpoint/route';
import * as scalingRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipesCdcScaling/route';
import * as managedDashboardsRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/observability/dashboards/route';
import * as ossDashboardsRoute from '@/app/api/observability/v2/dashboards/route';
import * as ossDashboardRoute from '@/app/api/observability/v2/dashboards/[id]/route';
import type { RouteHandler } from './define-route';
import { callRoute as call, ORG_ID, readJson, SERVICE_ID, stubUpstreamForFile } from './test-support';

const KEY_ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const DASHBOARD_ID = '65f0c0ffee0123456789abcd';
const upstream = stubUpstreamForFile();

const org = `/api/cloud/v1/organizations/${ORG_ID}`;
const svc = `${org}/services/${SERVICE_ID}`;

interface Operation {
  name: string;
  handler: RouteHandler;
  path: string;
  params: Record<string, string>;
  method: string;
  body?: unknown;
  headers?: Record<string, string>;
  needs: Role;
  /** Upstream calls of an allowed call: the key routes read the key first (the lock-out guard). */
  upstreamCalls?: number;
}

const operations: Operation[] = [
  {
    name: 'list keys',
    handler: keysRoute.GET,
    path: `${org}/keys`,
    params: { organizationId: ORG_ID },
    method: 'GET',
    needs: 'viewer',
  },
  {
    name: 'create key',
    handler: keysRoute.POST,
    path: `${org}/keys`,
    params: { organizationId: ORG_ID },
    method: 'POST',
    body: { name: 'ci', roles: ['developer'] },
    needs: 'admin',
  },
  {
    name: 'update key',
    handler: keyRoute.PATCH,
    path: `${org}/keys/${KEY_ID}`,
    params: { organizationId: ORG_ID, keyId: KEY_ID },
    method: 'PATCH',
    body: { state: 'disabled' },
    needs: 'admin',
    upstreamCalls: 2,
  },
  {
    name: 'delete key',
    handler: keyRoute.DELETE,
    path: `${org}/keys/${KEY_ID}`,
    params: { organizationId: ORG_ID, keyId: KEY_ID },
    method: 'DELETE',
    needs: 'admin',
    upstreamCalls: 2,
  },
  {
    name: 'read organization',
    handler: orgRoute.GET,
    path: org,
    params: { organizationId: ORG_ID },
    method: 'GET',
    needs: 'viewer',
  },
  {
    name: 'create endpoint',
    handler: endpointRoute.POST,
    path: `${svc}/privateEndpoint`,
    params: { organizationId: ORG_ID, serviceId: SERVICE_ID },
    method: 'POST',
    body: { id: 'vpce-0a1b2c3d', description: 'prod' },
    needs: 'admin',
  },
  {
    name: 'detach endpoint',
    handler: serviceRoute.PATCH,
    path: svc,
    params: { organizationId: ORG_ID, serviceId: SERVICE_ID },
    method: 'PATCH',
    body: { privateEndpointIds: { remove: ['vpce-0a1b2c3d'] } },
    needs: 'admin',
  },
  {
    name: 'read scaling',
    handler: scalingRoute.GET,
    path: `${svc}/datapipesCdcScaling`,
    params: { organizationId: ORG_ID, serviceId: SERVICE_ID },
    method: 'GET',
    needs: 'viewer',
  },
  {
    name: 'change scaling',
    handler: scalingRoute.PATCH,
    path: `${svc}/datapipesCdcScaling`,
    params: { organizationId: ORG_ID, serviceId: SERVICE_ID },
    method: 'PATCH',
    body: { replicaCpuMillicores: 2000, replicaMemoryGb: 8 },
    needs: 'admin',
  },
  {
    name: 'list managed dashboards',
    handler: managedDashboardsRoute.GET,
    path: `${svc}/observability/dashboards`,
    params: { organizationId: ORG_ID, serviceId: SERVICE_ID },
    method: 'GET',
    needs: 'viewer',
  },
  {
    name: 'create managed dashboard',
    handler: managedDashboardsRoute.POST,
    path: `${svc}/observability/dashboards`,
    params: { organizationId: ORG_ID, serviceId: SERVICE_ID },
    method: 'POST',
    body: { name: 'Latency', tiles: [] },
    needs: 'editor',
  },
  {
    name: 'list dashboards',
    handler: ossDashboardsRoute.GET,
    path: '/api/observability/v2/dashboards',
    params: {},
    method: 'GET',
    needs: 'viewer',
  },
  {
    name: 'replace dashboard',
    handler: ossDashboardRoute.PUT,
    path: `/api/observability/v2/dashboards/${DASHBOARD_ID}`,
    params: { id: DASHBOARD_ID },
    method: 'PUT',
    body: { name: 'Latency', tags: [], tiles: [] },
    // An unconditional replace: the role check is what is tested here, not the version check.
    headers: { 'if-match': '*' },
    needs: 'editor',
  },
  {
    name: 'delete dashboard',
    handler: ossDashboardRoute.DELETE,
    path: `/api/observability/v2/dashboards/${DASHBOARD_ID}`,
    params: { id: DASHBOARD_ID },
    method: 'DELETE',
    needs: 'editor',
  },
];

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };
const matrix = operations.flatMap((op) => (['viewer', 'editor', 'admin'] as const).map((role) => ({ ...op, role })));

describe('role matrix', () => {
  it.each(matrix)(
    '$role → $name',
    async ({ handler, path, params, method, body, headers, role, needs, upstreamCalls = 1 }) => {
      const response = await call(handler, path, params, { method, json: body, headers, role });
      if (RANK[role] >= RANK[needs]) {
        expect(response.status).toBe(200);
        expect(upstream.stub.hits).toHaveLength(upstreamCalls);
      } else {
        expect(response.status).toBe(403);
        expect(await readJson(response)).toMatchObject({
          code: 'FORBIDDEN',
          error: expect.stringContaining(`needs the ${needs} role`),
        });
        expect(upstream.stub.hits).toHaveLength(0);
      }
    },
  );
});
