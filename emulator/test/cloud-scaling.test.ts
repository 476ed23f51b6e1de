import { describe, expect, it } from 'vitest';
import { markPostgresPipe } from '../state';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
type Envelope<T> = { status: number; result: T; error: string };
type Scaling = { replicaCpuMillicores: number; replicaMemoryGb: number };

async function secondServicePath() {
  const list = await t.cloud<Envelope<{ id: string }[]>>('GET', `${t.org}/services`);
  return `${t.org}/services/${list.body.result[1]!.id}`;
}

describe('database pipe (CDC) scaling', () => {
  it('answers 400 on a service without a Postgres pipe, for GET and PATCH', async () => {
    const get = await t.cloud<Envelope<unknown>>('GET', `${t.service}/datapipesCdcScaling`);
    expect(get.status).toBe(400);
    expect(get.body.error).toMatch(/^BAD_REQUEST: no database pipe has been provisioned on service /);
    const patch = await t.cloud<Envelope<unknown>>('PATCH', `${t.service}/datapipesCdcScaling`, { body: { replicaCpuMillicores: 4000, replicaMemoryGb: 16 } });
    expect(patch.status).toBe(400);
    expect(patch.body.error).toMatch(/no database pipe/);
  });

  it('becomes available through the control API, which the browser suite uses', async () => {
    const serviceId = t.service.split('/').pop()!;
    await t.control('POST', `/services/${serviceId}/postgres-pipe`);
    const res = await t.cloud<Envelope<Scaling>>('GET', `${t.service}/datapipesCdcScaling`);
    expect(res.status).toBe(200);
    await t.control('POST', '/reset');
    expect((await t.cloud('GET', `${t.service}/datapipesCdcScaling`)).status).toBe(400);
  });

  it('is available on the seeded service that has one', async () => {
    const res = await t.cloud<Envelope<Scaling>>('GET', `${await secondServicePath()}/datapipesCdcScaling`);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
  });

  it('becomes available once a Postgres pipe is marked, with the default size', async () => {
    markPostgresPipe(t.emulator.state, t.emulator.serviceId);
    const res = await t.cloud<Envelope<Scaling>>('GET', `${t.service}/datapipesCdcScaling`);
    expect(res.body.result).toEqual({ replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
  });

  it('updates within bounds at 4 GB per core', async () => {
    const path = `${await secondServicePath()}/datapipesCdcScaling`;
    const res = await t.cloud<Envelope<Scaling>>('PATCH', path, { body: { replicaCpuMillicores: 24000, replicaMemoryGb: 96 } });
    expect(res.body.result).toEqual({ replicaCpuMillicores: 24000, replicaMemoryGb: 96 });
    expect((await t.cloud<Envelope<Scaling>>('GET', path)).body.result).toEqual({ replicaCpuMillicores: 24000, replicaMemoryGb: 96 });
    const min = await t.cloud<Envelope<Scaling>>('PATCH', path, { body: { replicaCpuMillicores: 1000, replicaMemoryGb: 4 } });
    expect(min.body.result).toEqual({ replicaCpuMillicores: 1000, replicaMemoryGb: 4 });
  });

  it.each([
    [{ replicaCpuMillicores: 500, replicaMemoryGb: 2 }, 'BAD_REQUEST: replicaCpuMillicores must be an integer between 1000 and 24000'],
    [{ replicaCpuMillicores: 25000, replicaMemoryGb: 100 }, 'BAD_REQUEST: replicaCpuMillicores must be an integer between 1000 and 24000'],
    [{ replicaCpuMillicores: 2000.5, replicaMemoryGb: 8 }, 'BAD_REQUEST: replicaCpuMillicores must be an integer between 1000 and 24000'],
    [{ replicaCpuMillicores: 2000, replicaMemoryGb: 3 }, 'BAD_REQUEST: replicaMemoryGb must be a number between 4 and 96'],
    [{ replicaCpuMillicores: 2000, replicaMemoryGb: '8' }, 'BAD_REQUEST: replicaMemoryGb must be a number between 4 and 96'],
    [{ replicaCpuMillicores: 2000, replicaMemoryGb: 16 }, 'BAD_REQUEST: replicaMemoryGb must be 4 GB per CPU core: 8 for 2000 replicaCpuMillicores'],
    [{ replicaCpuMillicores: 8000 }, 'BAD_REQUEST: replicaMemoryGb must be 4 GB per CPU core: 32 for 8000 replicaCpuMillicores'],
    [{}, 'BAD_REQUEST: replicaCpuMillicores or replicaMemoryGb is required'],
  ])('rejects %j', async (body, error) => {
    const path = `${await secondServicePath()}/datapipesCdcScaling`;
    const res = await t.cloud<Envelope<unknown>>('PATCH', path, { body });
    expect([res.status, res.body.error]).toEqual([400, error]);
    expect((await t.cloud<Envelope<Scaling>>('GET', path)).body.result).toEqual({ replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
  });

  it('forgets marked pipes on reset', async () => {
    markPostgresPipe(t.emulator.state, t.emulator.serviceId);
    expect(t.emulator.state.hasPostgresPipe(t.emulator.serviceId)).toBe(true);
    await t.control('POST', '/reset');
    expect(t.emulator.state.hasPostgresPipe(t.emulator.serviceId)).toBe(false);
  });
});
