import { alphanumericFrom, randomAlphanumeric, seededObjectId, seededUuid, type Rng } from './prng';
import type { Alert, Dashboard, ObservabilityStore, OssStore, Series, Source, Tile, Webhook } from './state';

type At = (offset: number) => string;
const DAY = 86_400_000;

function logSource(id: string, name: string): Source {
  return {
    id,
    name,
    kind: 'log',
    connection: 'default',
    from: { databaseName: 'default', tableName: 'otel_logs' },
    timestampValueExpression: 'TimestampTime',
    defaultTableSelectExpression: 'Timestamp, ServiceName, SeverityText, Body',
    serviceNameExpression: 'ServiceName',
    severityTextExpression: 'SeverityText',
    bodyExpression: 'Body',
    implicitColumnExpression: 'Body',
    traceIdExpression: 'TraceId',
    spanIdExpression: 'SpanId',
    eventAttributesExpression: 'LogAttributes',
    resourceAttributesExpression: 'ResourceAttributes',
  };
}

function traceSource(id: string, name: string): Source {
  return {
    id,
    name,
    kind: 'trace',
    connection: 'default',
    from: { databaseName: 'default', tableName: 'otel_traces' },
    timestampValueExpression: 'Timestamp',
    durationExpression: 'Duration',
    durationPrecision: 3,
    defaultTableSelectExpression: 'Timestamp, ServiceName, SpanName, Duration',
    traceIdExpression: 'TraceId',
    spanIdExpression: 'SpanId',
    parentSpanIdExpression: 'ParentSpanId',
    spanKindExpression: 'SpanKind',
    serviceNameExpression: 'ServiceName',
    spanNameExpression: 'SpanName',
    statusCodeExpression: 'StatusCode',
    implicitColumnExpression: 'SpanName',
    eventAttributesExpression: 'SpanAttributes',
    resourceAttributesExpression: 'ResourceAttributes',
  };
}

function metricSource(id: string, name: string): Source {
  return {
    id,
    name,
    kind: 'metric',
    connection: 'default',
    from: { databaseName: 'default', tableName: '' },
    timestampValueExpression: 'TimeUnix',
    metricTables: { gauge: 'otel_metrics_gauge', sum: 'otel_metrics_sum', histogram: 'otel_metrics_histogram' },
    resourceAttributesExpression: 'ResourceAttributes',
    serviceNameExpression: 'ServiceName',
  };
}

function sessionSource(id: string, name: string, traceSourceId: string): Source {
  return {
    id,
    name,
    kind: 'session',
    connection: 'default',
    from: { databaseName: 'default', tableName: 'hyperdx_sessions' },
    timestampValueExpression: 'TimestampTime',
    traceSourceId,
  };
}

const series = (fields: Record<string, unknown> & { type: string; where?: string }): Series => ({
  ...fields,
  where: fields.where ?? '',
  whereLanguage: 'lucene',
});

type TileSpec = Omit<Tile, 'id'>;

function serviceHealthTiles(logs: string, traces: string): TileSpec[] {
  return [
    {
      name: 'Requests by service',
      x: 0,
      y: 0,
      w: 12,
      h: 6,
      series: [series({ type: 'time', sourceId: traces, aggFn: 'count', groupBy: ['ServiceName'] })],
    },
    {
      name: 'Errors',
      x: 12,
      y: 0,
      w: 12,
      h: 6,
      series: [series({ type: 'time', sourceId: logs, aggFn: 'count', where: 'SeverityText:error', groupBy: [] })],
    },
    {
      name: 'p95 latency',
      x: 0,
      y: 6,
      w: 8,
      h: 4,
      series: [series({ type: 'number', sourceId: traces, aggFn: 'quantile', level: 0.95, field: 'Duration' })],
    },
    {
      name: 'Errors (total)',
      x: 8,
      y: 6,
      w: 8,
      h: 4,
      series: [series({ type: 'number', sourceId: logs, aggFn: 'count', where: 'SeverityText:error' })],
    },
    {
      name: 'Slowest operations',
      x: 16,
      y: 6,
      w: 8,
      h: 4,
      series: [
        series({
          type: 'table',
          sourceId: traces,
          aggFn: 'avg',
          field: 'Duration',
          groupBy: ['SpanName'],
          sortOrder: 'desc',
        }),
      ],
    },
  ];
}

function withIds(specs: TileSpec[], newId: () => string): Tile[] {
  return specs.map((spec) => ({ id: newId(), ...spec }));
}

export function seedOss(rng: Rng, at: At): OssStore {
  const id = () => seededObjectId(rng);
  const logs = logSource(id(), 'Logs');
  const traces = traceSource(id(), 'Traces');
  const metrics = metricSource(id(), 'Metrics');
  const sessions = sessionSource(id(), 'Sessions', traces.id);

  const webhooks: Webhook[] = [
    {
      id: id(),
      name: 'Ops Slack',
      service: 'slack',
      url: `https://hooks.slack.com/services/T04ACME00/B06OPS0000/${alphanumericFrom(rng, 24)}`,
      description: 'Alerts for the #ops channel',
      createdAt: at(-80 * DAY),
      updatedAt: at(-20 * DAY),
    },
    {
      id: id(),
      name: 'On-call bridge',
      service: 'generic',
      url: 'https://oncall.acme.example/hooks/observability',
      description: 'Pages the on-call engineer',
      headers: { Authorization: `Bearer ${randomAlphanumeric(32)}` },
      createdAt: at(-60 * DAY),
      updatedAt: at(-60 * DAY),
    },
  ];

  const health: Dashboard = {
    id: id(),
    name: 'Service health',
    tags: ['production', 'slo'],
    tiles: withIds(serviceHealthTiles(logs.id, traces.id), id),
  };
  const checkout: Dashboard = {
    id: id(),
    name: 'Checkout funnel',
    tags: ['checkout'],
    tiles: withIds(
      [
        {
          name: 'Checkout requests',
          x: 0,
          y: 0,
          w: 16,
          h: 6,
          series: [
            series({
              type: 'time',
              sourceId: traces.id,
              aggFn: 'count',
              where: 'SpanName:"POST /checkout"',
              groupBy: ['StatusCode'],
            }),
          ],
        },
        {
          name: 'Orders placed',
          x: 16,
          y: 0,
          w: 8,
          h: 6,
          series: [series({ type: 'number', sourceId: logs.id, aggFn: 'count', where: 'Body:"order placed"' })],
        },
      ],
      id,
    ),
  };
  const infra: Dashboard = {
    id: id(),
    name: 'Infrastructure',
    tags: ['infra', 'k8s'],
    tiles: withIds(
      [
        {
          name: 'CPU by pod',
          x: 0,
          y: 0,
          w: 12,
          h: 8,
          series: [
            series({
              type: 'time',
              sourceId: metrics.id,
              aggFn: 'avg',
              field: 'Value',
              where: 'MetricName:k8s.pod.cpu.utilization',
              groupBy: ["ResourceAttributes['k8s.pod.name']"],
            }),
          ],
        },
        {
          name: 'Memory by pod',
          x: 12,
          y: 0,
          w: 12,
          h: 8,
          series: [
            series({
              type: 'time',
              sourceId: metrics.id,
              aggFn: 'max',
              field: 'Value',
              where: 'MetricName:k8s.pod.memory.usage',
              groupBy: ["ResourceAttributes['k8s.pod.name']"],
            }),
          ],
        },
      ],
      id,
    ),
  };

  const teamId = id();
  const errorsTile = health.tiles[1]!;
  const alert: Alert = {
    id: id(),
    name: 'Error spike',
    message: 'More than 100 errors in 5 minutes on {{dashboard}}',
    source: 'tile',
    dashboardId: health.id,
    tileId: errorsTile.id,
    threshold: 100,
    thresholdType: 'above',
    interval: '5m',
    channel: { type: 'webhook', webhookId: webhooks[0]!.id },
    state: 'OK',
    teamId,
    createdAt: at(-15 * DAY),
    updatedAt: at(-2 * DAY),
  };

  // Made after the first alert, so the ids seeded before stay what they were.
  const totalErrorsTile = health.tiles[3]!;
  const silenced: Alert = {
    id: id(),
    name: 'Error budget',
    message: 'More than 2000 errors in a day',
    source: 'tile',
    dashboardId: health.id,
    tileId: totalErrorsTile.id,
    threshold: 2000,
    thresholdType: 'above',
    interval: '1d',
    channel: { type: 'webhook', webhookId: webhooks[1]!.id },
    silenced: { by: teamId, at: at(-1 * DAY), until: at(2 * DAY) },
    state: 'OK',
    teamId,
    createdAt: at(-30 * DAY),
    updatedAt: at(-1 * DAY),
  };
  const overview: Dashboard = {
    id: id(),
    name: 'Overview (every tile type)',
    tags: ['overview'],
    tiles: withIds(overviewTiles(logs.id, traces.id), id),
  };

  return {
    teamId,
    sources: [logs, traces, metrics, sessions],
    webhooks,
    dashboards: new Map([health, checkout, infra, overview].map((d) => [d.id, d])),
    alerts: new Map([alert, silenced].map((a) => [a.id, a])),
  };
}

/** A dashboard with a tile of each display type, in both tile forms, as the observability app makes them. */
function overviewTiles(logs: string, traces: string): TileSpec[] {
  const note = [
    '## About this dashboard',
    '',
    'Each tile shows one **display type** the observability API carries:',
    '',
    '- stacked bars, tables and event lists (the `series` form)',
    '- pies, bars by group and heatmaps (the `config` form)',
    '',
    'Filter every tile with the bar above, e.g. `ServiceName:checkout`.',
  ].join('\n');
  return [
    { name: 'About', x: 0, y: 0, w: 8, h: 6, series: [{ type: 'markdown', content: note }] },
    {
      name: 'Log levels over time',
      x: 8,
      y: 0,
      w: 16,
      h: 6,
      series: [
        series({ type: 'time', displayType: 'stacked_bar', sourceId: logs, aggFn: 'count', groupBy: ['SeverityText'] }),
      ],
    },
    {
      name: 'Requests by service',
      x: 0,
      y: 6,
      w: 8,
      h: 7,
      config: {
        displayType: 'pie',
        sourceId: traces,
        select: [{ aggFn: 'count', where: '', whereLanguage: 'lucene' }],
        groupBy: 'ServiceName',
      },
    },
    {
      name: 'Errors by host',
      x: 8,
      y: 6,
      w: 8,
      h: 7,
      config: {
        displayType: 'bar',
        sourceId: logs,
        select: [{ aggFn: 'count', where: 'SeverityText:error', whereLanguage: 'lucene' }],
        groupBy: "ResourceAttributes['host.name']",
        limit: 6,
      },
    },
    {
      name: 'Latency by operation',
      x: 16,
      y: 6,
      w: 8,
      h: 7,
      series: [
        series({
          type: 'table',
          sourceId: traces,
          aggFn: 'quantile',
          level: 0.95,
          field: 'Duration',
          groupBy: ['SpanName'],
          sortOrder: 'desc',
          numberFormat: { output: 'time', factor: 0.001 },
        }),
      ],
    },
    {
      name: 'Latency distribution',
      x: 0,
      y: 13,
      w: 12,
      h: 7,
      config: {
        displayType: 'heatmap',
        sourceId: traces,
        select: [{ valueExpression: 'Duration', heatmapScaleType: 'log' }],
        where: '',
        whereLanguage: 'lucene',
        numberFormat: { output: 'time', factor: 0.001 },
      },
    },
    {
      name: 'Latest errors',
      x: 12,
      y: 13,
      w: 12,
      h: 7,
      series: [
        {
          type: 'search',
          sourceId: logs,
          fields: ['Timestamp', 'ServiceName', 'Body'],
          where: 'SeverityText:error',
          whereLanguage: 'lucene',
        },
      ],
    },
  ];
}

export function seedClickStack(rng: Rng, at: At, environment = 'production'): ObservabilityStore {
  const id = () => seededUuid(rng);
  const logs = logSource(id(), 'Logs');
  const traces = traceSource(id(), 'Traces');
  const overview: Dashboard = {
    id: id(),
    name: 'Service overview',
    tags: [environment],
    tiles: withIds(serviceHealthTiles(logs.id, traces.id).slice(0, 3), id),
  };
  const alert: Alert = {
    id: id(),
    name: 'Error spike',
    message: 'More than 250 errors in 15 minutes',
    source: 'tile',
    dashboardId: overview.id,
    tileId: overview.tiles[1]!.id,
    threshold: 250,
    thresholdType: 'above',
    interval: '15m',
    channel: { type: 'webhook', webhookId: id() },
    state: 'OK',
    createdAt: at(-10 * DAY),
    updatedAt: at(-10 * DAY),
  };
  return {
    sources: [logs, traces],
    dashboards: new Map([[overview.id, overview]]),
    alerts: new Map([[alert.id, alert]]),
  };
}
