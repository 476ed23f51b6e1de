import { describe, expect, it } from 'vitest';
import type { OrganizationRecord, ServiceRecord } from '@/lib/schemas/endpoints';
import { endpointRows } from './endpoint-rows';

const organization: OrganizationRecord = {
  id: 'org',
  name: 'Org',
  privateEndpoints: [
    { id: 'vpce-a', description: 'prod', cloudProvider: 'aws', region: 'us-east-1' },
    { id: 'vpce-b', description: 'eu', cloudProvider: 'aws', region: 'eu-west-1' },
    { id: 'pe-c', description: 'other cloud', cloudProvider: 'gcp', region: 'us-east-1' },
  ],
};

const service: ServiceRecord = {
  id: 'svc',
  name: 'Service',
  provider: 'AWS',
  region: 'us-east-1',
  state: 'running',
  privateEndpointIds: ['vpce-a', 'vpce-ghost'],
};

describe('endpointRows', () => {
  const rows = endpointRows(organization, service);

  it('marks attached endpoints and keeps the organization order', () => {
    expect(rows.map((row) => [row.id, row.attached])).toEqual([
      ['vpce-a', true],
      ['vpce-b', false],
      ['pe-c', false],
      ['vpce-ghost', true],
    ]);
  });

  it('says why endpoints elsewhere cannot be attached', () => {
    expect(rows[0]?.attachBlockedReason).toBeUndefined();
    expect(rows[1]?.attachBlockedReason).toBe('This endpoint is in eu-west-1; the service runs in us-east-1.');
    expect(rows[2]?.attachBlockedReason).toBe('This endpoint is on gcp; the service runs on AWS.');
  });

  it('lists attached ids missing from the organization as unregistered', () => {
    expect(rows[3]).toMatchObject({ id: 'vpce-ghost', registered: false, attached: true });
  });
});
