// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, render, settle } from '@/components/testing/render';
import { sameTileChartProps, TileChart, type TileChartProps } from './tile-chart';
import type { ChartTile } from '@/lib/charts/tile-shape';
import { tileView } from '@/lib/charts/tile-view';
import type { ChartView } from '@/lib/charts/build-chart-query';

const viewOf = (tile: ChartTile) =>
  tileView({ ...tile, series: tile.series as unknown as Record<string, unknown>[] }) as ChartView;

const LOGS = '65f0c0ffee0123456789abcd';
const T0 = Date.parse('2030-06-15T12:00:00Z');
const range = { startMs: T0, endMs: T0 + 3_600_000, granularity: 'auto' as const };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const numberTile: ChartTile = {
  name: 'Errors (total)',
  series: [{ type: 'number', dataSource: LOGS, aggFn: 'count', where: 'level:error' }],
};
const timeTile = (series: ChartTile['series']): ChartTile => ({ name: 'Requests', series });

/**
 * Ends as soon as `check` holds; the 10 s bound is only for a chart that never comes. The first line
 * chart of the file loads Recharts (a dynamic import), about 1.4 s on an idle machine and past 3 s with the
 * machine busy and another test file beside it.
 */
async function waitFor(check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 10_000 && !check(); waited += 20) {
    await settle(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An IntersectionObserver whose targets are on screen as soon as they are observed (or never). */
function stubViewport(onScreen: boolean): void {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        if (onScreen)
          queueMicrotask(() =>
            this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never),
          );
      }
      disconnect() {}
      unobserve() {}
    },
  );
}

describe('TileChart', () => {
  beforeEach(() => stubViewport(true));
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('shows a number tile as one large formatted value from string counts', async () => {
    const fetchMock = vi.fn(async () => json(200, { data: [{ ts_bucket: T0, group: [], 'series_0.data': '12345' }] }));
    vi.stubGlobal('fetch', fetchMock);
    const page = await render(<TileChart view={viewOf(numberTile)} range={range} />);
    await waitFor(() => document.body.textContent?.includes('12,345') ?? false);
    expect(document.body.textContent).toContain('12,345');
    const sent = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toMatchObject({
      granularity: '30d',
      series: [{ sourceId: LOGS, aggFn: 'count', where: 'level:error', groupBy: [] }],
    });
    await page.unmount();
  });

  it('shows the upstream message in the tile and retries on demand', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(404, { status: 404, error: 'Source not found', code: 'NOT_FOUND', requestId: 'r' }))
      .mockResolvedValueOnce(json(200, { data: [{ ts_bucket: T0, group: [], 'series_0.data': 3 }] }));
    vi.stubGlobal('fetch', fetchMock);
    const page = await render(<TileChart view={viewOf(numberTile)} range={range} />);
    await waitFor(() => document.querySelector('[role="alert"]') !== null);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Source not found');
    await click(buttonNamed('Retry'));
    // The value is drawn in a task of its own once the answer is in.
    await waitFor(
      () => document.querySelector('[role="alert"]') === null && (document.body.textContent?.includes('3') ?? false),
    );
    expect(document.body.textContent).toContain('3');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await page.unmount();
  });

  it('says when the range has no data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: [] })),
    );
    const page = await render(
      <TileChart
        view={viewOf(timeTile([{ type: 'time', dataSource: LOGS, aggFn: 'count', where: '' }]))}
        range={range}
      />,
    );
    await waitFor(() => document.body.textContent?.includes('No data in this range') ?? false);
    expect(document.body.textContent).toContain('No data in this range');
    await page.unmount();
  });

  it('names the series without data, and its legend hides and shows lines by button', async () => {
    const rows = [
      { ts_bucket: T0, group: ['api'], 'series_0.data': 4 },
      { ts_bucket: T0, group: ['web'], 'series_0.data': 2 },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: rows })),
    );
    const tile = timeTile([
      { type: 'time', dataSource: LOGS, aggFn: 'count', where: '', groupBy: ['ServiceName'] },
      { type: 'time', dataSource: LOGS, aggFn: 'avg', field: 'Duration', where: '', groupBy: ['ServiceName'] },
    ]);
    const page = await render(<TileChart view={viewOf(tile)} range={range} />);
    await waitFor(() => document.querySelector('button[aria-pressed]') !== null);
    expect(document.body.textContent).toContain('No data in this range for avg(Duration)');
    const api = buttonNamed('count · api');
    expect(api.getAttribute('aria-pressed')).toBe('true');
    await click(api);
    expect(buttonNamed('count · api').getAttribute('aria-pressed')).toBe('false');
    await click(buttonNamed('count · api'));
    expect(buttonNamed('count · api').getAttribute('aria-pressed')).toBe('true');
    await page.unmount();
  });

  it('refreshes a live range at its period without starting a request while one is in flight', async () => {
    const bodies: { startTime: number; endTime: number }[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Slower than the refresh period: a naive timer would stack requests.
      await new Promise((resolve) => setTimeout(resolve, 150));
      inFlight -= 1;
      return json(200, { data: [{ ts_bucket: Date.now(), group: [], 'series_0.data': 1 }] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const live = {
      startMs: T0,
      endMs: T0 + 3_600_000,
      granularity: 'auto' as const,
      relativeMs: 3_600_000,
      refreshMs: 40,
    };
    const page = await render(<TileChart view={viewOf(numberTile)} range={live} />);
    await waitFor(() => fetchMock.mock.calls.length >= 3);
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(maxInFlight).toBe(1);
    // Each refresh re-resolves the window: it ends now, an hour long.
    for (const body of bodies) expect(body.endTime - body.startTime).toBe(3_600_000);
    expect(Math.abs(bodies.at(-1)!.endTime - Date.now())).toBeLessThan(5_000);
    expect(bodies.at(-1)!.endTime).toBeGreaterThanOrEqual(bodies[0]!.endTime);
    await page.unmount();
  });

  it('does not fetch until the tile is on screen', async () => {
    stubViewport(false);
    const fetchMock = vi.fn(async () => json(200, { data: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const page = await render(<TileChart view={viewOf(numberTile)} range={range} />);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('Loading chart…');
    await page.unmount();
  });

  it('explains a tile it cannot draw without asking the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const page = await render(<TileChart view={viewOf(timeTile([{ type: 'time', aggFn: 'count' }]))} range={range} />);
    await settle();
    expect(document.body.textContent).toContain('Series 1 has no data source');
    expect(fetchMock).not.toHaveBeenCalled();
    await page.unmount();
  });
});

describe('sameTileChartProps', () => {
  const props: TileChartProps = { view: viewOf(numberTile), range };
  it('treats equal copies as equal and any change of what is drawn as a change', () => {
    expect(sameTileChartProps(props, { view: viewOf(structuredClone(numberTile)), range: { ...range } })).toBe(true);
    expect(sameTileChartProps(props, { view: viewOf(numberTile), range: { ...range, endMs: range.endMs + 1 } })).toBe(
      false,
    );
    expect(
      sameTileChartProps(props, {
        view: viewOf({ ...numberTile, series: [{ ...numberTile.series[0]!, where: '' }] }),
        range,
      }),
    ).toBe(false);
    expect(sameTileChartProps(props, { ...props, scope: { query: 'a', filters: [] } })).toBe(false);
    expect(sameTileChartProps(props, { ...props, width: 300 })).toBe(false);
  });
});
