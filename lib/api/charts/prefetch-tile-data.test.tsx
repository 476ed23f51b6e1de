// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartRange } from '@/lib/charts/tile-shape';
import type { ChartQuery } from '@/lib/schemas/observability/chart-query';
import { createQueryClient } from '../query-client';
import { prefetchTileData } from './prefetch-tile-data';
import { useChartSeriesQuery } from './use-chart-series-query';
import { useSearchQuery } from './use-search-query';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const HOUR = 3_600_000;
const fixed: ChartRange = { startMs: 10 * HOUR, endMs: 11 * HOUR, granularity: '1m' };
const live: ChartRange = { ...fixed, relativeMs: HOUR, refreshMs: 60_000 };
const query: ChartQuery = {
  startTime: 10 * HOUR,
  endTime: 11 * HOUR,
  granularity: '1m',
  series: [{ sourceId: 'logs', aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: [] }],
};
const search = { sourceId: 'logs', where: '', whereLanguage: 'lucene' as const, select: 'Body', maxResults: 200 };

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function Series({ range, enabled = true }: { range: ChartRange; enabled?: boolean }) {
  const chart = useChartSeriesQuery(query, range, { enabled, visible: true });
  if (chart.data) return <p>{`${chart.data.rows.length} rows`}</p>;
  if (!chart.isError) return <p>waiting</p>;
  return (
    <button type="button" onClick={() => void chart.refetch()}>
      failed: {chart.error.message}
    </button>
  );
}

function Events({ range }: { range: ChartRange }) {
  const events = useSearchQuery(search, range, { enabled: true, visible: true });
  if (events.data) return <p>{`${events.data.rows.length} events`}</p>;
  return <p>{events.isError ? `failed: ${events.error.message}` : 'waiting'}</p>;
}

async function mountAfterPrefetch(
  client: QueryClient,
  ui: React.ReactNode,
): Promise<(next: React.ReactNode) => Promise<void>> {
  await settle();
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const render = async (next: React.ReactNode) => {
    await act(async () => root.render(<QueryClientProvider client={client}>{next}</QueryClientProvider>));
    await settle();
  };
  await render(ui);
  return render;
}

const failure = () =>
  new Response(JSON.stringify({ code: 'UPSTREAM_ERROR', message: 'Query timed out on the database' }), {
    status: 502,
    headers: { 'Content-Type': 'application/json' },
  });

describe('prefetchTileData', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it.each([
    ['a fixed range', fixed],
    ['a live range', live],
  ])('reads a chart’s series once: the chart drawn after finds them under its own key (%s)', async (_name, range) => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      answer({ data: [{ __hdx_time_bucket: 1, 'series_0.data': 3 }] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient(() => undefined);
    prefetchTileData(client, { kind: 'series', query }, range);
    await mountAfterPrefetch(client, <Series range={range} />);
    expect(document.body.textContent).toBe('1 rows');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Behind the charts' code, which the browser loads at low priority too.
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ priority: 'low' });
  });

  it('reads a search tile’s events once, with the range’s times', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      answer({ data: [{ Body: 'a' }, { Body: 'b' }] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient(() => undefined);
    prefetchTileData(client, { kind: 'search', query: search }, fixed);
    await mountAfterPrefetch(client, <Events range={fixed} />);
    expect(document.body.textContent).toBe('2 events');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ priority: 'low' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      ...search,
      startTime: new Date(10 * HOUR).toISOString(),
      endTime: new Date(11 * HOUR).toISOString(),
    });
  });

  it.each([
    ['mounts already on screen', true],
    ['mounts, then comes into view', false],
  ])('shows a failed read as the chart’s error, not read again, until Retry (it %s)', async (_name, onScreen) => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => failure());
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient(() => undefined);
    prefetchTileData(client, { kind: 'series', query }, fixed);
    const render = await mountAfterPrefetch(client, <Series range={fixed} enabled={onScreen} />);
    await render(<Series range={fixed} enabled />);
    expect(document.body.textContent).toContain('failed: Query timed out on the database');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () => answer({ data: [{ __hdx_time_bucket: 1, 'series_0.data': 3 }] }));
    await act(async () => document.querySelector('button')!.click());
    await settle();
    expect(document.body.textContent).toBe('1 rows');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows a search tile’s failed read as its error, not read again', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => failure());
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient(() => undefined);
    prefetchTileData(client, { kind: 'search', query: search }, fixed);
    await mountAfterPrefetch(client, <Events range={fixed} />);
    expect(document.body.textContent).toBe('failed: Query timed out on the database');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads again a failure older than an answer stays fresh, as for any old answer', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => failure());
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient(() => undefined);
    prefetchTileData(client, { kind: 'series', query }, fixed);
    await settle();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 16_000);
    fetchMock.mockImplementation(async () => answer({ data: [] }));
    await mountAfterPrefetch(client, <Series range={fixed} />);
    vi.restoreAllMocks();
    expect(document.body.textContent).toBe('0 rows');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads nothing for a tile without data', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    prefetchTileData(
      createQueryClient(() => undefined),
      null,
      fixed,
    );
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
