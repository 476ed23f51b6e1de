import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import {
  kafkaBody,
  kinesisBody,
  objectStorageBody,
  pipeClient,
  postgresBody,
  type PipeRecord as Pipe,
} from './pipe-fixtures';

const STEP_MS = 20;
const t = emulatorForFile({ stepMs: STEP_MS });
type Envelope<T> = { status: number; result: T; error: string };
const { pipes, create, get, command, waitFor, seeded } = pipeClient(t, STEP_MS);

describe('seeded pipes', () => {
  it('has one pipe of each kind and a failed one on the default service', async () => {
    const list = await seeded();
    expect(list.map((p) => [p.name, p.state, Object.keys(p.source).find((k) => p.source[k] !== null)])).toEqual([
      ['Orders events', 'Running', 'kafka'],
      ['Clickstream', 'Running', 'kinesis'],
      ['Daily export backfill', 'Completed', 'objectStorage'],
      ['Billing database replica', 'Running', 'postgres'],
      ['Legacy audit log', 'Failed', 'kafka'],
    ]);
    expect(list[0]!.source.kafka!.consumerGroup).toBe(`clickpipes-${list[0]!.id}`);
  });

  it('keeps the same ids across resets and restores deleted pipes', async () => {
    const before = (await seeded()).map((p) => p.id);
    expect((await t.cloud('DELETE', `${pipes()}/${before[0]}`)).status).toBe(200);
    await t.control('POST', '/reset');
    expect((await seeded()).map((p) => p.id)).toEqual(before);
  });

  it("lists each other service's own pipes: Staging's two running ones, the stopped Development's stopped one", async () => {
    const services = await t.cloud<Envelope<{ id: string }[]>>('GET', `${t.org}/services`);
    const [, staging, development] = services.body.result;
    const list = async (id: string) =>
      (await t.cloud<Envelope<Pipe[]>>('GET', `${t.org}/services/${id}/clickpipes`)).body.result;
    const stagingPipes = await list(staging!.id);
    expect(stagingPipes.map((p) => [p.name, p.state, p.serviceId])).toEqual([
      ['Orders events (staging)', 'Running', staging!.id],
      ['Billing database replica (staging)', 'Running', staging!.id],
    ]);
    expect((await list(development!.id)).map((p) => [p.name, p.state])).toEqual([['Clickstream sample', 'Stopped']]);
  });
});

describe('pipe state machines', () => {
  it('takes a streaming pipe from Provisioning to Running, and stop → Stopping → Stopped, start again', async () => {
    const pipe = await create(kinesisBody());
    expect(await waitFor(pipe.id, 'Running')).toEqual(['Provisioning', 'Running']);
    const stopped = await command(pipe.id, 'stop');
    expect(stopped.body.result.state).toBe('Stopping');
    await waitFor(pipe.id, 'Stopped');
    expect((await command(pipe.id, 'start')).body.result.state).toBe('Provisioning');
    await waitFor(pipe.id, 'Running');
  });

  it('ends a one-shot object-store pipe Completed', async () => {
    const pipe = await create(objectStorageBody({ isContinuous: false }));
    expect(await waitFor(pipe.id, 'Completed')).toEqual(['Provisioning', 'Running', 'Completed']);
  });

  it('runs a Postgres pipe through Setup and Snapshot, then makes database-pipe scaling available', async () => {
    const services = await t.cloud<Envelope<{ id: string }[]>>('GET', `${t.org}/services`);
    const path = `${t.org}/services/${services.body.result[1]!.id}`;
    t.emulator.state.markPostgresPipe(services.body.result[1]!.id, false);
    expect((await t.cloud('GET', `${path}/clickpipesCdcScaling`)).status).toBe(400);
    const res = await t.cloud<Envelope<Pipe>>('POST', `${path}/clickpipes`, { body: postgresBody() });
    const id = res.body.result.id;
    let state = '';
    for (let i = 0; i < 250 && state !== 'Running'; i++) {
      state = (await t.cloud<Envelope<Pipe>>('GET', `${path}/clickpipes/${id}`)).body.result.state;
      if (state !== 'Running') await new Promise((r) => setTimeout(r, STEP_MS / 5));
    }
    const seen = t.emulator.state.pipes.get(id)?.steps;
    expect(seen).toEqual(['Provisioning', 'Setup', 'Snapshot', 'Running']);
    expect((await t.cloud('GET', `${path}/clickpipesCdcScaling`)).status).toBe(200);
  });

  it.each([
    ['cdc_only', ['Provisioning', 'Setup', 'Running'], 'Running'],
    ['snapshot', ['Provisioning', 'Setup', 'Snapshot', 'Completed'], 'Completed'],
  ])('runs a %s Postgres pipe', async (mode, states, last) => {
    const pipe = await create(postgresBody({ settings: { replicationMode: mode } }));
    expect(await waitFor(pipe.id, last)).toEqual(states);
  });

  it('resyncs only Postgres pipes: Resync → Snapshot → Running', async () => {
    const [kafka, , , postgres] = await seeded();
    expect((await command(kafka!.id, 'resync')).body.error).toBe(
      'BAD_REQUEST: resync is only supported for Postgres pipes',
    );
    expect((await command(postgres!.id, 'resync')).body.result.state).toBe('Resync');
    expect(await waitFor(postgres!.id, 'Running')).toEqual(['Resync', 'Snapshot', 'Running']);
  });

  it('starts only from Stopped or Failed', async () => {
    const list = await seeded();
    for (const pipe of [list[0]!, list[2]!]) {
      const res = await command(pipe.id, 'start');
      expect([res.status, res.body.error]).toEqual([400, 'BAD_REQUEST: pipe is already running']);
    }
    const failed = list[4]!;
    expect((await command(failed.id, 'start')).body.result.state).toBe('Provisioning');
    await waitFor(failed.id, 'Running');
    const unknown = await command(failed.id, 'pause');
    expect(unknown.body.error).toBe('BAD_REQUEST: command must be one of start, stop, resync');
  });

  it('lets stop supersede a provisioning pipe', async () => {
    const pipe = await create(kafkaBody());
    await command(pipe.id, 'stop');
    await waitFor(pipe.id, 'Stopped');
    await new Promise((r) => setTimeout(r, STEP_MS * 3));
    expect((await get(pipe.id)).state).toBe('Stopped');
  });

  it('deletes a pipe with an envelope without result, then 404s it', async () => {
    const pipe = await create(kafkaBody());
    const res = await t.cloud<Envelope<unknown>>('DELETE', `${pipes()}/${pipe.id}`);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('result');
    const again = await t.cloud<Envelope<unknown>>('GET', `${pipes()}/${pipe.id}`);
    expect([again.status, again.body.error]).toEqual([404, `NOT_FOUND: pipe ${pipe.id} not found`]);
  });
});
