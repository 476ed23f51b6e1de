import { describe, expect, it } from 'vitest';
import { markPostgresPipe } from '../state';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
type Envelope<T> = { status: number; result: T; error: string };
type Scaling = { replicaCpuMillicores: number; replicaMemoryGb: number };

async function serviceIds() {
  return (await t.cloud<Envelope<{ id: string }[]>>('GET', `${t.org}/services`)).body.result.map((s) => s.id);
}

/** The "Staging" service, with a seeded Postgres pipe at a size of its own. */
async function secondServicePath() {
  return `${t.org}/services/${(await serviceIds())[1]!}`;
}

/** The stopped "Development" service: the only seeded service without a Postgres pipe. */
async function idleServiceId() {
  return (await serviceIds())[2]!;
}

describe('database pipe (CDC) scaling', () => {
  it('answers 400 on a service without a Postgres pipe, for GET and PATCH', async () => {
    const path = `${t.org}/services/${await idleServiceId()}`;
    const get = await t.cloud<Envelope<unknown>>('GET', `${path}/clickpipesCdcScaling`);
    expect(get.status).toBe(400);
    expect(get.body.error).toMatch(/^BAD_REQUEST: no database pipe has been provisioned on service /);
    const patch = await t.cloud<Envelope<unknown>>('PATCH', `${path}/clickpipesCdcScaling`, {
      body: { replicaCpuMillicores: 4000, replicaMemoryGb: 16 },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error).toMatch(/no database pipe/);
  });

  it('becomes available through the control API, which the browser suite uses', async () => {
    const serviceId = await idleServiceId();
    const path = `${t.org}/services/${serviceId}/clickpipesCdcScaling`;
    await t.control('POST', `/services/${serviceId}/postgres-pipe`);
    const res = await t.cloud<Envelope<Scaling>>('GET', path);
    expect(res.status).toBe(200);
    await t.control('DELETE', `/services/${serviceId}/postgres-pipe`);
    expect((await t.cloud('GET', path)).status).toBe(400);
    await t.control('POST', `/services/${serviceId}/postgres-pipe`);
    await t.control('POST', '/reset');
    expect((await t.cloud('GET', path)).status).toBe(400);
  });

  it('is available on the seeded services that have one', async () => {
    const res = await t.cloud<Envelope<Scaling>>('GET', `${await secondServicePath()}/clickpipesCdcScaling`);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
    // The default service has a seeded, running Postgres pipe at the default size.
    const own = await t.cloud<Envelope<Scaling>>('GET', `${t.service}/clickpipesCdcScaling`);
    expect([own.status, own.body.result]).toEqual([200, { replicaCpuMillicores: 2000, replicaMemoryGb: 8 }]);
  });

  it('becomes available once a Postgres pipe is marked, with the default size', async () => {
    const serviceId = await idleServiceId();
    markPostgresPipe(t.emulator.state, serviceId);
    const res = await t.cloud<Envelope<Scaling>>('GET', `${t.org}/services/${serviceId}/clickpipesCdcScaling`);
    expect(res.body.result).toEqual({ replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
  });

  it('updates within bounds at 4 GB per core', async () => {
    const path = `${await secondServicePath()}/clickpipesCdcScaling`;
    const res = await t.cloud<Envelope<Scaling>>('PATCH', path, {
      body: { replicaCpuMillicores: 24000, replicaMemoryGb: 96 },
    });
    expect(res.body.result).toEqual({ replicaCpuMillicores: 24000, replicaMemoryGb: 96 });
    expect((await t.cloud<Envelope<Scaling>>('GET', path)).body.result).toEqual({
      replicaCpuMillicores: 24000,
      replicaMemoryGb: 96,
    });
    const min = await t.cloud<Envelope<Scaling>>('PATCH', path, {
      body: { replicaCpuMillicores: 1000, replicaMemoryGb: 4 },
    });
    expect(min.body.result).toEqual({ replicaCpuMillicores: 1000, replicaMemoryGb: 4 });
  });

  it.each([
    [
      { replicaCpuMillicores: 500, replicaMemoryGb: 2 },
      'BAD_REQUEST: replicaCpuMillicores must be an integer between 1000 and 24000',
    ],
    [
      { replicaCpuMillicores: 25000, replicaMemoryGb: 100 },
      'BAD_REQUEST: replicaCpuMillicores must be an integer between 1000 and 24000',
    ],
    [
      { replicaCpuMillicores: 2000.5, replicaMemoryGb: 8 },
      'BAD_REQUEST: replicaCpuMillicores must be an integer between 1000 and 24000',
    ],
    [
      { replicaCpuMillicores: 2000, replicaMemoryGb: 3 },
      'BAD_REQUEST: replicaMemoryGb must be a number between 4 and 96',
    ],
    [
      { replicaCpuMillicores: 2000, replicaMemoryGb: '8' },
      'BAD_REQUEST: replicaMemoryGb must be a number between 4 and 96',
    ],
    [
      { replicaCpuMillicores: 2000, replicaMemoryGb: 16 },
      'BAD_REQUEST: replicaMemoryGb must be 4 GB per CPU core: 8 for 2000 replicaCpuMillicores',
    ],
    [
      { replicaCpuMillicores: 8000 },
      'BAD_REQUEST: replicaMemoryGb must be 4 GB per CPU core: 32 for 8000 replicaCpuMillicores',
    ],
    [{}, 'BAD_REQUEST: replicaCpuMillicores or replicaMemoryGb is required'],
  ])('rejects %j', async (body, error) => {
    const path = `${await secondServicePath()}/clickpipesCdcScaling`;
    const res = await t.cloud<Envelope<unknown>>('PATCH', path, { body });
    expect([res.status, res.body.error]).toEqual([400, error]);
    expect((await t.cloud<Envelope<Scaling>>('GET', path)).body.result).toEqual({
      replicaCpuMillicores: 4000,
      replicaMemoryGb: 16,
    });
  });

  it('forgets marked pipes on reset', async () => {
    const serviceId = await idleServiceId();
    markPostgresPipe(t.emulator.state, serviceId);
    expect(t.emulator.state.hasPostgresPipe(serviceId)).toBe(true);
    await t.control('POST', '/reset');
    expect(t.emulator.state.hasPostgresPipe(serviceId)).toBe(false);
    expect(t.emulator.state.hasPostgresPipe(t.emulator.serviceId)).toBe(true);
  });
});
