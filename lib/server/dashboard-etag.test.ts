/** The entity tag's canonical form and the If-Match reading, case by case (each line kills a way to get them wrong). */
import { afterEach, describe, expect, it } from 'vitest';
import {
  canonicalJson,
  dashboardEtag,
  ifMatchTags,
  replaceDashboardIfMatch,
  type DashboardUpstream,
} from './dashboard-versioning';
import type { DashboardBody } from '@/lib/schemas/observability/dashboard';
import { LockTimeoutError, sharedStore, useSharedStore, type LockOptions } from './shared-state';
import { MemoryStore } from './shared-state/memory-store';

describe('canonicalJson', () => {
  it('sorts keys at every level, inside arrays too, and keeps array order', () => {
    expect(canonicalJson({ b: { d: 1, c: 2 }, a: [{ f: 1, e: 2 }, 3] })).toBe(
      '{"a":[{"e":2,"f":1},3],"b":{"c":2,"d":1}}',
    );
    expect(canonicalJson(['b', 'a'])).toBe('["b","a"]');
  });

  it('writes null and an array hole as null, and drops undefined object fields', () => {
    expect(canonicalJson({ a: null, b: undefined })).toBe('{"a":null}');
    expect(canonicalJson([undefined, null, 1])).toBe('[null,null,1]');
    expect(canonicalJson(null)).toBe('null');
  });

  it('orders keys by code unit, with equal prefixes shorter first', () => {
    expect(canonicalJson({ ab: 1, a: 2, B: 3, b: 4 })).toBe('{"B":3,"a":2,"ab":1,"b":4}');
  });

  it('tells apart what differs only in nesting or type', () => {
    expect(dashboardEtag({ a: [1] })).not.toBe(dashboardEtag({ a: 1 }));
    expect(dashboardEtag({ a: '1' })).not.toBe(dashboardEtag({ a: 1 }));
  });
});

describe('ifMatchTags', () => {
  it('trims each tag, keeps only strong ones, and reads "*" only when it stands alone', () => {
    expect(ifMatchTags('  "a" ,"b"')).toEqual(['"a"', '"b"']);
    expect(ifMatchTags('W/"a"')).toEqual([]);
    expect(ifMatchTags('a"')).toEqual([]);
    expect(ifMatchTags('*')).toBe('*');
    expect(ifMatchTags('"*"')).toEqual(['"*"']);
    expect(ifMatchTags('')).toEqual([]);
  });
});

describe('replaceDashboardIfMatch', () => {
  const stored = { id: 'd1', name: 'Board', tags: [], tiles: [] };
  function upstream() {
    const reads: unknown[] = [];
    const writes: unknown[] = [];
    const answer = (data: unknown) => ({ status: 200, text: JSON.stringify({ data }), data: { data } });
    const fake: DashboardUpstream = {
      lockName: `etag-test-${Math.random()}`,
      read: async (options) => (reads.push(options), answer(stored)),
      replace: async (body) => (writes.push(body), answer({ id: 'd1', ...(body as object) })),
      unwrap: (body) => (body as { data: unknown }).data,
    };
    return { fake, reads, writes };
  }
  const body = { name: 'Renamed', tags: [], tiles: [] } as unknown as DashboardBody;
  const request = (ifMatch?: string) =>
    new Request('http://console.test/x', {
      method: 'PUT',
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    });

  it('checks against a fresh read, past the shared cache', async () => {
    const { fake, reads } = upstream();
    expect((await replaceDashboardIfMatch(fake, request(dashboardEtag(stored)), body, 'r')).status).toBe(200);
    expect(reads).toEqual([{ fresh: true }]);
  });

  it('replaces whatever is stored for "*", without reading it', async () => {
    const { fake, reads, writes } = upstream();
    const response = await replaceDashboardIfMatch(fake, request(' * '), body, 'r');
    expect(response.status).toBe(200);
    expect(reads).toEqual([]);
    expect(writes).toEqual([body]);
  });

  it('answers 428 for a missing or blank If-Match, without reaching the upstream', async () => {
    for (const header of [undefined, '  ']) {
      const { fake, reads, writes } = upstream();
      await expect(replaceDashboardIfMatch(fake, request(header), body, 'r')).rejects.toMatchObject({
        status: 428,
        code: 'PRECONDITION_REQUIRED',
      });
      expect([reads, writes]).toEqual([[], []]);
    }
  });

  describe('its lock', () => {
    const previous = sharedStore();
    afterEach(() => useSharedStore(previous));

    it('is named after the dashboard, apart from other locks, and lasts longer than a save may take', async () => {
      const store = new MemoryStore();
      const taken: [string, LockOptions][] = [];
      const withLock = store.withLock.bind(store);
      store.withLock = (name, options, task) => (taken.push([name, options]), withLock(name, options, task));
      useSharedStore(store);
      const { fake } = upstream();
      await replaceDashboardIfMatch(fake, request(dashboardEtag(stored)), body, 'r');
      expect(taken).toEqual([[`dashboard:${fake.lockName}`, { ttlMs: 45_000, waitMs: 20_000 }]]);
    });

    it('answers 409 SAVE_IN_PROGRESS, to be retried in 2 s, when another save holds it too long, without writing', async () => {
      const store = new MemoryStore();
      store.withLock = () => Promise.reject(new LockTimeoutError('lock held'));
      useSharedStore(store);
      const { fake, writes } = upstream();
      const error = await replaceDashboardIfMatch(fake, request(dashboardEtag(stored)), body, 'r').catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({
        status: 409,
        code: 'SAVE_IN_PROGRESS',
        message: 'Another save of this dashboard is still in progress; try again in a moment',
        headers: { 'retry-after': '2' },
      });
      expect(writes).toEqual([]);
    });

    it('passes on any other failure under the lock as it is', async () => {
      const { fake } = upstream();
      const failure = new Error('upstream gone');
      fake.read = () => Promise.reject(failure);
      await expect(replaceDashboardIfMatch(fake, request(dashboardEtag(stored)), body, 'r')).rejects.toBe(failure);
    });
  });
});
