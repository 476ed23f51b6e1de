/** A person's change reads on the way (a guard's check, the state kept for history): those reads go with the write. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../env';
import { runWithRequestContext } from '../request-context';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { json, startStub, type StubServer } from '../test-support';
import { upstreamRequest } from './http';
import { resetBudgetQueues, waitForBudget } from './scheduler';

vi.stubEnv('SLUICE_CONTRACT_RECORD_DIR', '');

let stub: StubServer;
let cloud: UpstreamConfig;

beforeAll(async () => {
  stub = await startStub();
  stub.handle((_req, res) => json(res, 200, { status: 200, requestId: 'r', result: { ok: true } }));
  cloud = { name: 'cloud', baseUrl: stub.url, authorization: 'Basic dGVzdA==', mode: 'remote' };
});
afterAll(async () => {
  await stub.close();
});
beforeEach(async () => {
  useSharedStore(new MemoryStore());
  resetBudgetQueues();
  process.env.CLOUD_API_BUDGET = '10/10s';
  process.env.UPSTREAM_WRITE_RESERVE = '20';
  // Everyone else's reads hold the reads' whole share of the window (8 of 10).
  for (let i = 0; i < 8; i++) await waitForBudget(cloud, 'read', Date.now() + 1_000);
});
afterEach(() => {
  process.env.CLOUD_API_BUDGET = 'off';
  delete process.env.UPSTREAM_WRITE_RESERVE;
});

const read = (method: 'GET' | 'POST') =>
  upstreamRequest({ upstream: cloud, method, path: '/v1/thing', read: method === 'POST', cache: false, queueMs: 50 });
const inChange = <T>(task: () => Promise<T>) => runWithRequestContext({ requestId: 'req', mutation: true }, task);

describe('reads made while serving a change', () => {
  it('a GET while serving a change takes a slot of the writes’ reserve at once', async () => {
    await expect(inChange(() => read('GET'))).resolves.toMatchObject({ status: 200 });
  });

  it('the same GET from a page read waits behind the other reads and is refused at its deadline', async () => {
    await expect(runWithRequestContext({ requestId: 'req' }, () => read('GET'))).rejects.toMatchObject({
      status: 429,
      code: 'UPSTREAM_BUDGET_EXHAUSTED',
    });
  });

  it('a read sent as POST (a chart query) stays a read, whatever route sends it', async () => {
    await expect(inChange(() => read('POST'))).rejects.toMatchObject({
      status: 429,
      code: 'UPSTREAM_BUDGET_EXHAUSTED',
    });
  });
});
