import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import { kafkaBody, pipeClient } from './pipe-fixtures';

const STEP_MS = 20;
const t = emulatorForFile({ stepMs: STEP_MS });
const { create, get, command, waitFor, seeded } = pipeClient(t, STEP_MS);
type Answer = { id: string; state: string; message?: string };

const fail = (id: string, body?: unknown) => t.control<Answer>('POST', `/pipes/${id}/fail`, body);
const recover = (id: string) => t.control<Answer>('POST', `/pipes/${id}/recover`);
const logOf = (id: string) => t.emulator.state.pipes.get(id)!.log;
const settle = () => new Promise((resolve) => setTimeout(resolve, STEP_MS * 8));

describe('forcing a pipe to fail and recover (control API)', () => {
  it('fails a running pipe with its reason logged, then recovers it with an info entry, newest last', async () => {
    const [pipe] = await seeded();
    const failed = await fail(pipe!.id, { reason: 'Broker b-1 unreachable: connection refused' });
    expect([failed.status, failed.body]).toEqual([200, { id: pipe!.id, state: 'Failed' }]);
    expect((await get(pipe!.id)).state).toBe('Failed');
    expect(logOf(pipe!.id)).toEqual([
      { at: expect.any(String), level: 'error', message: 'Broker b-1 unreachable: connection refused' },
    ]);

    const recovered = await recover(pipe!.id);
    expect([recovered.status, recovered.body]).toEqual([200, { id: pipe!.id, state: 'Running' }]);
    expect((await get(pipe!.id)).state).toBe('Running');
    const log = logOf(pipe!.id);
    expect(log.map((entry) => entry.level)).toEqual(['error', 'info']);
    expect(Date.parse(log[1]!.at)).toBeGreaterThanOrEqual(Date.parse(log[0]!.at));
  });

  it('keeps a pipe failed while the steps of its creation are still due', async () => {
    const pipe = await create(kafkaBody());
    expect((await fail(pipe.id, { reason: 'Topic events does not exist' })).status).toBe(200);
    await settle();
    expect((await get(pipe.id)).state).toBe('Failed');
    expect(t.emulator.state.pipes.get(pipe.id)!.steps).toEqual(['Failed']);
  });

  it('leaves the state machine usable: a start command restarts a forced failure', async () => {
    const [pipe] = await seeded();
    await fail(pipe!.id, { reason: 'Out of memory' });
    expect((await command(pipe!.id, 'start')).status).toBe(200);
    await waitFor(pipe!.id, 'Running');
  });

  it('answers 404 for a pipe no service has', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-pipe']) {
      expect((await fail(id, { reason: 'x' })).status).toBe(404);
      expect((await recover(id)).status).toBe(404);
    }
  });

  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['a number', { reason: 42 }],
    ['an empty reason', { reason: '' }],
    ['a blank reason', { reason: '   ' }],
  ])('answers 400 for %s, leaving the pipe as it was', async (_label, body) => {
    const [pipe] = await seeded();
    const res = await fail(pipe!.id, body);
    expect([res.status, res.body.message]).toEqual([400, 'Invalid failure: reason must be a non-empty string']);
    expect((await get(pipe!.id)).state).toBe('Running');
    expect(logOf(pipe!.id)).toEqual([]);
  });

  it('starts the seeded failed pipe with the error that failed it, and forgets forced entries on reset', async () => {
    const list = await seeded();
    const failed = list.find((p) => p.state === 'Failed')!;
    const entry = {
      at: expect.any(String),
      level: 'error',
      message: expect.stringContaining('SASL authentication failed'),
    };
    expect(logOf(failed.id)).toEqual([entry]);
    await fail(list[0]!.id, { reason: 'transient' });
    await t.control('POST', '/reset');
    expect(logOf(list[0]!.id)).toEqual([]);
  });
});
