/**
 * A benchmark dashboard of mixed tiles, made through the emulator's open-source surface as the
 * observability app would: every display type, in both tile forms, cycling in a fixed order.
 */
import { BENCH } from './servers';

const ossUrl = `http://127.0.0.1:${BENCH.emulatorPort + 1}`;

export async function oss<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${ossUrl}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${BENCH.observabilityApiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

type Json = Record<string, unknown>;

function content(kind: number, logs: string, traces: string): Json {
  const where = { where: '', whereLanguage: 'lucene' };
  switch (kind) {
    case 0:
      return { series: [{ type: 'time', sourceId: traces, aggFn: 'count', ...where, groupBy: ['ServiceName'] }] };
    case 1:
      return {
        series: [
          {
            type: 'number',
            sourceId: traces,
            aggFn: 'quantile',
            level: 0.95,
            field: 'Duration',
            ...where,
            numberFormat: { output: 'time', factor: 0.001 },
          },
        ],
      };
    case 2:
      return {
        series: [
          {
            type: 'time',
            displayType: 'stacked_bar',
            sourceId: logs,
            aggFn: 'count',
            ...where,
            groupBy: ['SeverityText'],
          },
        ],
      };
    case 3:
      return {
        series: [
          {
            type: 'table',
            sourceId: traces,
            aggFn: 'avg',
            field: 'Duration',
            ...where,
            groupBy: ['SpanName'],
            sortOrder: 'desc',
          },
        ],
      };
    case 4:
      return {
        config: { displayType: 'pie', sourceId: logs, select: [{ aggFn: 'count', ...where }], groupBy: 'ServiceName' },
      };
    case 5:
      return {
        config: {
          displayType: 'bar',
          sourceId: logs,
          select: [{ aggFn: 'count', ...where }],
          groupBy: "ResourceAttributes['host.name']",
          limit: 6,
        },
      };
    case 6:
      return {
        config: {
          displayType: 'heatmap',
          sourceId: traces,
          select: [{ valueExpression: 'Duration', heatmapScaleType: 'log' }],
          ...where,
        },
      };
    case 7:
      return {
        series: [
          {
            type: 'search',
            sourceId: logs,
            fields: ['Timestamp', 'ServiceName', 'Body'],
            where: 'SeverityText:error',
            whereLanguage: 'lucene',
          },
        ],
      };
    case 8:
      return {
        series: [{ type: 'markdown', content: '## Notes\n\nA **markdown** tile with a [link](https://example.com).' }],
      };
    default:
      return {
        config: {
          displayType: 'line',
          sourceId: logs,
          select: [{ aggFn: 'count', where: 'SeverityText:error', whereLanguage: 'lucene' }],
        },
      };
  }
}

export const TILE_KINDS = 10;

/** `count` tiles, 4 per row, each kind in turn; returns the new dashboard's id. */
export async function createMixedDashboard(name: string, count: number): Promise<string> {
  const sources = await oss<{ id: string; kind: string }[]>('GET', '/sources');
  const logs = sources.find((s) => s.kind === 'log')!.id;
  const traces = sources.find((s) => s.kind === 'trace')!.id;
  const tiles = Array.from({ length: count }, (_, i) => ({
    name: `Tile ${i + 1}`,
    x: (i % 4) * 6,
    y: Math.floor(i / 4) * 5,
    w: 6,
    h: 5,
    ...content(i % TILE_KINDS, logs, traces),
  }));
  return (await oss<{ id: string }>('POST', '/dashboards', { name, tags: ['bench'], tiles })).id;
}
