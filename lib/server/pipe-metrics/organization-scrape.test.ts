/** Pipe metrics of every service from one organization-wide scrape, and the fallback to each service's own. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { UpstreamError } from '../upstream/http';
import { organizationScrape, REFUSAL_MS } from './organization-scrape';
import { PipeMetricsSampler } from './sampler';

const ORG = 'org';
const INTERVAL = 30_000;
const SERVICES = Array.from({ length: 10 }, (_, i) => `svc-${i}`);

/** One pipe per service, its counter `sent`; labelled as the organization answer labels every series. */
function organizationText(sent: number, services = SERVICES): string {
  const labels = (s: string) => `clickhouse_org="${ORG}",clickhouse_service="${s}",clickhouse_service_name="${s}"`;
  return [
    '# HELP ClickPipes_Info Always equal to 1.',
    '# TYPE ClickPipes_Info gauge',
    ...services.map((s) => `ClickPipes_Info{${labels(s)},clickpipe_id="pipe-of-${s}",clickpipe_state="Running"} 1`),
    '# HELP ClickPipes_SentEvents_Total Total number of records sent',
    '# TYPE ClickPipes_SentEvents_Total counter',
    ...services.map((s) => `ClickPipes_SentEvents_Total{${labels(s)},clickpipe_id="pipe-of-${s}"} ${sent}`),
    '',
  ].join('\n');
}

function serviceText(serviceId: string, sent: number): string {
  return organizationText(sent, [serviceId]);
}

function refusal(status: number): UpstreamError {
  const error = new UpstreamError(status === 403 ? 403 : 502, 'UPSTREAM_ERROR', `refused with ${status}`);
  error.upstreamStatus = status;
  return error;
}

let sampler: PipeMetricsSampler | undefined;
beforeEach(() => useSharedStore(new MemoryStore()));
afterEach(() => {
  sampler?.stop();
  vi.useRealTimers();
});

function setup(organization: () => Promise<string>) {
  let now = 1_000_000;
  const fetchOrganization = vi.fn(organization);
  const fetchService = vi.fn(async (_org: string, serviceId: string) => serviceText(serviceId, 7));
  const sources: string[] = [];
  const scrape = organizationScrape({
    fetchOrganization,
    fetchService,
    intervalMs: INTERVAL,
    now: () => now,
    onUpstreamScrape: (source) => sources.push(source),
  });
  sampler = new PipeMetricsSampler(scrape, INTERVAL, () => now);
  return { sampler, scrape, fetchOrganization, fetchService, sources, advance: (ms: number) => (now += ms) };
}

describe('organizationScrape', () => {
  it('reads N services for one upstream call per interval, each its own pipes', async () => {
    let sent = 100;
    const { sampler, fetchOrganization, fetchService, advance } = setup(async () => organizationText(sent));
    const first = await Promise.all(SERVICES.map((s) => sampler.read(ORG, s)));
    expect(fetchOrganization).toHaveBeenCalledTimes(1);
    expect(fetchService).not.toHaveBeenCalled();
    first.forEach(({ history }, i) => {
      expect(history.summary(`pipe-of-svc-${i}`)!.totals.rows).toBe(100);
      expect(history.summary(`pipe-of-svc-${(i + 1) % SERVICES.length}`)).toBeUndefined();
    });
    // Ten more intervals of every service read, one after the other: ten more calls, not a hundred.
    for (let round = 1; round <= 10; round++) {
      advance(INTERVAL);
      sent += 300;
      for (const s of SERVICES) {
        await sampler.read(ORG, s);
        advance(100);
      }
      advance(-100 * SERVICES.length);
    }
    expect(fetchOrganization).toHaveBeenCalledTimes(11);
    expect(fetchService).not.toHaveBeenCalled();
    const { history } = await sampler.read(ORG, 'svc-3');
    expect(history.summary('pipe-of-svc-3')!.rates!.rowsPerSecond).toBe(10);
  });

  it("fires every watched service's scrape on one timer, so the background costs one call per interval", async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fetchOrganization = vi.fn(async () => organizationText(1));
    const scrape = organizationScrape({ fetchOrganization, fetchService: vi.fn(), intervalMs: INTERVAL });
    sampler = new PipeMetricsSampler(scrape, INTERVAL);
    const newest = new Map<string, number>();
    sampler.onScrape(({ serviceId, at, pipes }) => pipes && newest.set(serviceId, at));
    // Watched at moments spread over most of an interval, as pages open.
    for (const s of SERVICES) {
      sampler.watch(ORG, s);
      await vi.advanceTimersByTimeAsync(3_200);
    }
    const afterWatching = fetchOrganization.mock.calls.length;
    const ROUNDS = 10;
    await vi.advanceTimersByTimeAsync(ROUNDS * INTERVAL);
    const calls = fetchOrganization.mock.calls.length - afterWatching;
    expect(calls).toBeGreaterThanOrEqual(ROUNDS - 1);
    expect(calls).toBeLessThanOrEqual(ROUNDS);
    // Every service took the newest scrape in the same round: none holds an older one.
    expect(new Set(newest.values()).size).toBe(1);
    expect(newest.size).toBe(SERVICES.length);
  });

  it('names every service the organization answer holds, so the console samples the ones nobody opened', async () => {
    const seen: string[][] = [];
    const fetchOrganization = vi.fn(async () => organizationText(5));
    let heldBy: PipeMetricsSampler | undefined;
    const scrape = organizationScrape({
      fetchOrganization,
      fetchService: vi.fn(),
      intervalMs: INTERVAL,
      onServices: (organizationId, ids) => {
        seen.push(ids);
        for (const id of ids) heldBy?.watch(organizationId, id);
      },
    });
    const heard = new Set<string>();
    sampler = heldBy = new PipeMetricsSampler(scrape, INTERVAL);
    sampler.onScrape(({ serviceId, pipes }) => pipes?.length && heard.add(serviceId));
    await sampler.read(ORG, 'svc-0');
    expect(seen).toEqual([SERVICES]);
    await vi.waitFor(() => expect(heard.size).toBe(SERVICES.length));
    expect(fetchOrganization).toHaveBeenCalledTimes(1);
  });

  it.each([403, 404])(
    'falls back to each service’s own scrape when the organization endpoint answers %i, and tries it again later',
    async (status) => {
      let refuse = true;
      const { sampler, scrape, fetchOrganization, fetchService, sources, advance } = setup(async () => {
        if (refuse) throw refusal(status);
        return organizationText(50);
      });
      const reads = await Promise.all(SERVICES.slice(0, 3).map((s) => sampler.read(ORG, s)));
      expect(reads.map((r) => r.history.summary(`pipe-of-svc-${reads.indexOf(r)}`)!.totals.rows)).toEqual([7, 7, 7]);
      expect(reads.every((r) => r.failure === undefined)).toBe(true);
      expect(fetchOrganization).toHaveBeenCalledTimes(1);
      expect(fetchService).toHaveBeenCalledTimes(3);
      expect(scrape.sourceOf(ORG, 'svc-0')).toBe('service');
      // The refusal is remembered: the next rounds do not ask the organization endpoint again.
      advance(INTERVAL);
      await Promise.all(SERVICES.slice(0, 3).map((s) => sampler.read(ORG, s)));
      expect(fetchOrganization).toHaveBeenCalledTimes(1);
      expect(fetchService).toHaveBeenCalledTimes(6);
      refuse = false;
      advance(REFUSAL_MS);
      const back = await sampler.read(ORG, 'svc-1');
      expect(back.history.summary('pipe-of-svc-1')!.totals.rows).toBe(50);
      expect(fetchOrganization).toHaveBeenCalledTimes(2);
      expect(scrape.sourceOf(ORG, 'svc-1')).toBe('organization');
      expect(sources.filter((s) => s === 'organization')).toHaveLength(2);
      expect(sources.filter((s) => s === 'service')).toHaveLength(6);
    },
  );

  it.each([500, 503])(
    'does not fall back when the organization endpoint answers %i (the upstream is failing): the round fails, the next asks it again',
    async (status) => {
      let failing = true;
      const { sampler, fetchOrganization, fetchService, advance } = setup(async () => {
        if (failing) throw refusal(status);
        return organizationText(50);
      });
      const { failure } = await sampler.read(ORG, 'svc-0');
      expect(failure).toBeDefined();
      expect(fetchService).not.toHaveBeenCalled();
      failing = false;
      advance(INTERVAL);
      const back = await sampler.read(ORG, 'svc-0');
      expect(back.history.summary('pipe-of-svc-0')!.totals.rows).toBe(50);
      expect(fetchOrganization).toHaveBeenCalledTimes(2);
      expect(fetchService).not.toHaveBeenCalled();
    },
  );

  it('does not fall back when the upstream is busy (the round is skipped or failed as before)', async () => {
    const busy = new ApiError(429, 'UPSTREAM_BUDGET_EXHAUSTED', 'The cloud API budget is exhausted');
    const { sampler, fetchService } = setup(async () => {
      throw busy;
    });
    const { failure } = await sampler.read(ORG, 'svc-0');
    expect(failure?.message).toBe('The cloud API budget is exhausted');
    expect(fetchService).not.toHaveBeenCalled();
  });

  it('reads a service on its own when the organization answer lacks its pipes, and keeps doing so for a while', async () => {
    // svc-9's pipes are missing from the organization answer (it carries only svc-0..8).
    const { sampler, fetchOrganization, fetchService, scrape, advance } = setup(async () =>
      organizationText(10, SERVICES.slice(0, 9)),
    );
    const missing = await sampler.read(ORG, 'svc-9');
    expect(missing.history.summary('pipe-of-svc-9')!.totals.rows).toBe(7);
    const present = await sampler.read(ORG, 'svc-2');
    expect(present.history.summary('pipe-of-svc-2')!.totals.rows).toBe(10);
    expect(scrape.sourceOf(ORG, 'svc-9')).toBe('service');
    expect(scrape.sourceOf(ORG, 'svc-2')).toBe('organization');
    advance(INTERVAL);
    await Promise.all([sampler.read(ORG, 'svc-9'), sampler.read(ORG, 'svc-2')]);
    expect(fetchOrganization).toHaveBeenCalledTimes(2);
    expect(fetchService.mock.calls.map(([, s]) => s)).toEqual(['svc-9', 'svc-9']);
  });

  it('reads the organization again, once, for a service created after its answer was taken, instead of reading the service on its own', async () => {
    let services = SERVICES.slice(0, 9);
    const { sampler, fetchOrganization, fetchService, scrape, advance } = setup(async () =>
      organizationText(10, services),
    );
    await sampler.read(ORG, 'svc-0');
    expect(fetchOrganization).toHaveBeenCalledTimes(1);
    // svc-9 is created a moment later, within the interval: the answer taken predates it.
    services = SERVICES;
    advance(1_000);
    const created = await sampler.read(ORG, 'svc-9');
    expect(created.history.summary('pipe-of-svc-9')!.totals.rows).toBe(10);
    expect(fetchOrganization).toHaveBeenCalledTimes(2);
    expect(fetchService).not.toHaveBeenCalled();
    expect(scrape.sourceOf(ORG, 'svc-9')).toBe('organization');
    // From then on one call per interval serves every service again.
    advance(INTERVAL);
    await Promise.all(SERVICES.map((s) => sampler.read(ORG, s)));
    expect(fetchOrganization).toHaveBeenCalledTimes(3);
    expect(fetchService).not.toHaveBeenCalled();
  });

  it('takes a service without pipes at its word after one look at its own answer', async () => {
    const { sampler, fetchService, advance } = setup(async () => organizationText(10, SERVICES.slice(0, 9)));
    fetchService.mockImplementation(async () => '');
    for (let round = 0; round < 3; round++) {
      const { history, failure } = await sampler.read(ORG, 'svc-9');
      expect(failure).toBeUndefined();
      expect(history.summary('pipe-of-svc-9')).toBeUndefined();
      advance(INTERVAL);
    }
    expect(fetchService).toHaveBeenCalledTimes(1);
  });
});
