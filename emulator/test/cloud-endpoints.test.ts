import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();

interface Service {
  id: string;
  name: string;
  provider: string;
  region: string;
  state: string;
  privateEndpointIds: string[];
}
interface Endpoint {
  id: string;
  description: string;
  cloudProvider: string;
  region: string;
}
type Envelope<T> = { status: number; result: T; error: string };

const services = async () => (await t.cloud<Envelope<Service[]>>('GET', `${t.org}/services`)).body.result;
const organization = async () => (await t.cloud<Envelope<{ privateEndpoints: Endpoint[] }>>('GET', t.org)).body.result;

describe('services and private endpoints', () => {
  it('seeds a running default service, a running one on another provider and a stopped one', async () => {
    const list = await services();
    expect(list.map((s) => [s.name, s.state, s.provider, s.region])).toEqual([
      ['Production', 'running', 'aws', 'us-east-1'],
      ['Staging', 'running', 'gcp', 'europe-west4'],
      ['Development', 'stopped', 'azure', 'eastus2'],
    ]);
    expect(list[0]!.id).toBe(t.emulator.serviceId);
    expect(list[0]!.privateEndpointIds).toEqual(['vpce-0a1b2c3d4e5f67890', 'vpce-0b2c3d4e5f6a78901']);
    expect(t.emulator.state.isServiceRunning(list[2]!.id)).toBe(false);
    expect(t.emulator.state.isServiceRunning(list[0]!.id)).toBe(true);
  });

  it('registers an endpoint in the service region without attaching it, then 409s a duplicate', async () => {
    const created = await t.cloud<Envelope<Endpoint>>('POST', `${t.service}/privateEndpoint`, {
      body: { id: 'vpce-0123456789abcdef0', description: 'New VPC' },
    });
    expect(created.status).toBe(200);
    expect(created.body.result).toEqual({
      id: 'vpce-0123456789abcdef0',
      description: 'New VPC',
      cloudProvider: 'aws',
      region: 'us-east-1',
    });
    expect((await organization()).privateEndpoints).toContainEqual(created.body.result);
    const service = await t.cloud<Envelope<Service>>('GET', t.service);
    expect(service.body.result.privateEndpointIds).not.toContain('vpce-0123456789abcdef0');

    const again = await t.cloud<Envelope<unknown>>('POST', `${t.service}/privateEndpoint`, {
      body: { id: 'vpce-0123456789abcdef0', description: 'dup' },
    });
    expect([again.status, again.body.error]).toEqual([
      409,
      'CONFLICT: private endpoint vpce-0123456789abcdef0 already exists in this organization',
    ]);
  });

  it.each([
    [{ description: 'no id' }, 'BAD_REQUEST: id is required'],
    [{ id: '  ', description: '' }, 'BAD_REQUEST: id is required'],
    [{ id: 42 }, 'BAD_REQUEST: id must be a string'],
    [{ id: 'vpce with spaces' }, 'BAD_REQUEST: id is not a valid private endpoint id'],
    [{ id: 'v'.repeat(129) }, 'BAD_REQUEST: id must be at most 128 characters'],
    [{ id: 'vpce-1', description: 7 }, 'BAD_REQUEST: description must be a string'],
  ])('rejects endpoint body %j', async (body, error) => {
    const res = await t.cloud<Envelope<unknown>>('POST', `${t.service}/privateEndpoint`, { body });
    expect([res.status, res.body.error]).toEqual([400, error]);
  });

  it('attaches and detaches endpoints with the service PATCH', async () => {
    const attach = await t.cloud<Envelope<Service>>('PATCH', t.service, {
      body: { privateEndpointIds: { add: ['vpce-0c3d4e5f6a7b89012'] } },
    });
    expect(attach.status).toBe(200);
    expect(attach.body.result.privateEndpointIds).toEqual([
      'vpce-0a1b2c3d4e5f67890',
      'vpce-0b2c3d4e5f6a78901',
      'vpce-0c3d4e5f6a7b89012',
    ]);

    const detach = await t.cloud<Envelope<Service>>('PATCH', t.service, {
      body: { privateEndpointIds: { remove: ['vpce-0a1b2c3d4e5f67890', 'vpce-0b2c3d4e5f6a78901'] } },
    });
    expect(detach.body.result.privateEndpointIds).toEqual(['vpce-0c3d4e5f6a7b89012']);
    expect((await t.cloud<Envelope<Service>>('GET', t.service)).body.result.privateEndpointIds).toEqual([
      'vpce-0c3d4e5f6a7b89012',
    ]);
  });

  it('refuses endpoints from another region or unknown to the organization', async () => {
    const wrongRegion = await t.cloud<Envelope<unknown>>('PATCH', t.service, {
      body: { privateEndpointIds: { add: ['vpce-0e5f6a7b8c9d01234'] } },
    });
    expect([wrongRegion.status, wrongRegion.body.error]).toEqual([
      400,
      'BAD_REQUEST: privateEndpointIds.add[0]: private endpoint vpce-0e5f6a7b8c9d01234 is in aws eu-west-1, but the service runs in aws us-east-1',
    ]);
    const unknown = await t.cloud<Envelope<unknown>>('PATCH', t.service, {
      body: { privateEndpointIds: { add: ['vpce-0c3d4e5f6a7b89012', 'vpce-nope'] } },
    });
    expect([unknown.status, unknown.body.error]).toEqual([
      400,
      'BAD_REQUEST: privateEndpointIds.add[1]: private endpoint vpce-nope is not registered in this organization',
    ]);
    const shape = await t.cloud<Envelope<unknown>>('PATCH', t.service, {
      body: { privateEndpointIds: ['vpce-0c3d4e5f6a7b89012'] },
    });
    expect([shape.status, shape.body.error]).toEqual([
      400,
      'BAD_REQUEST: privateEndpointIds must be an object with add and/or remove lists',
    ]);
    expect((await t.cloud<Envelope<Service>>('GET', t.service)).body.result.privateEndpointIds).toHaveLength(2);
  });

  it('serves a stable, realistic endpoint config per service', async () => {
    const first = await t.cloud<Envelope<{ endpointServiceId: string; privateDnsHostname: string }>>(
      'GET',
      `${t.service}/privateEndpointConfig`,
    );
    expect(first.status).toBe(200);
    expect(first.body.result.endpointServiceId).toMatch(/^com\.amazonaws\.vpce\.us-east-1\.vpce-svc-[0-9a-f]{17}$/);
    expect(first.body.result.privateDnsHostname).toMatch(/^[a-z0-9]+\.us-east-1\.vpce\.aws\./);
    const second = await t.cloud<Envelope<unknown>>('GET', `${t.service}/privateEndpointConfig`);
    expect(second.body.result).toEqual(first.body.result);
    const [, staging, development] = await services();
    const config = async (id: string) =>
      (await t.cloud<Envelope<{ endpointServiceId: string }>>('GET', `${t.org}/services/${id}/privateEndpointConfig`))
        .body.result.endpointServiceId;
    // Each provider's own form: Private Service Connect on gcp, Private Link on azure.
    expect(await config(staging!.id)).toMatch(
      /^projects\/dbcloud-[0-9a-f]{8}\/regions\/europe-west4\/serviceAttachments\/svc-[0-9a-f]{17}$/,
    );
    expect(await config(development!.id)).toMatch(
      /^svc-[0-9a-f]{17}\.[0-9a-f]{8}\.eastus2\.azure\.privatelinkservice$/,
    );
  });
});
