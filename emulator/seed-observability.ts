import { alphanumericFrom, randomAlphanumeric, seededObjectId, seededUuid, type Rng } from './prng';
import type { Alert, Dashboard, ObservabilityStore, OssStore, Series, Source, Tile, Webhook } from './state';

type At = (offset: number) => string;
const DAY = 86_400_000;

function logSource(id: string, name: string): Source {
  return {
    id, name, kind: 'log',
    connection: 'default',
    from: { databaseName: 'default', tableName: 'otel_logs' },
    timestampValueExpression: 'TimestampTime',
    defaultTableSelectExpression: 'Timestamp, ServiceName, SeverityText, Body',
    serviceNameExpression: 'ServiceName',
    severityTextExpression: 'SeverityText',
    bodyExpression: 'Body',
  };
}

function traceSource(id: string, name: string): Source {
  return {
    id, name, kind: 'trace',
    connection: 'default',
    from: { databaseName: 'default', tableName: 'otel_traces' },
    timestampValueExpression: 'Timestamp',
    durationExpression: 'Duration',
    durationPrecision: 9,
    defaultTableSelectExpression: 'Timestamp, ServiceName, SpanName, Duration',
    traceIdExpression: 'TraceId',
    spanIdExpression: 'SpanId',
    parentSpanIdExpression: 'ParentSpanId',
    spanKindExpression: 'SpanKind',
    serviceNameExpression: 'ServiceName',
    spanNameExpression: 'SpanName',
    statusCodeExpression: 'StatusCode',
  };
}

function metricSource(id: string, name: string): Source {
  return {
    id, name, kind: 'metric',
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
    id, name, kind: 'session',
    connection: 'default',
    from: { databaseName: 'default', tableName: 'hyperdx_sessions' },
    timestampValueExpression: 'TimestampTime',
    traceSourceId,
  };
}

const series = (fields: Record<string, unknown> & { type: string; where?: string }): Series => ({ ...fields, where: fields.where ?? '', whereLanguage: 'lucene' });

type TileSpec = Omit<Tile, 'id'>;

function serviceHealthTiles(logs: string, traces: string): TileSpec[] {
  return [
    { name: 'Requests by service', x: 0, y: 0, w: 12, h: 6, series: [series({ type: 'time', sourceId: traces, aggFn: 'count', groupBy: ['ServiceName'] })] },
    { name: 'Errors', x: 12, y: 0, w: 12, h: 6, series: [series({ type: 'time', sourceId: logs, aggFn: 'count', where: 'SeverityText:error', groupBy: [] })] },
    { name: 'p95 latency', x: 0, y: 6, w: 8, h: 4, series: [series({ type: 'number', sourceId: traces, aggFn: 'quantile', level: 0.95, field: 'Duration' })] },
    { name: 'Errors (total)', x: 8, y: 6, w: 8, h: 4, series: [series({ type: 'number', sourceId: logs, aggFn: 'count', where: 'SeverityText:error' })] },
    { name: 'Slowest operations', x: 16, y: 6, w: 8, h: 4, series: [series({ type: 'table', sourceId: traces, aggFn: 'avg', field: 'Duration', groupBy: ['SpanName'], sortOrder: 'desc' })] },
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
      id: id(), name: 'Ops Slack', service: 'slack',
      url: `https://hooks.slack.com/services/T04ACME00/B06OPS0000/${alphanumericFrom(rng, 24)}`,
      description: 'Alerts for the #ops channel',
      createdAt: at(-80 * DAY), updatedAt: at(-20 * DAY),
    },
    {
      id: id(), name: 'On-call bridge', service: 'generic',
      url: 'https://oncall.acme.example/hooks/observability',
      description: 'Pages the on-call engineer',
      headers: { Authorization: `Bearer ${randomAlphanumeric(32)}` },
      createdAt: at(-60 * DAY), updatedAt: at(-60 * DAY),
    },
  ];

  const health: Dashboard = { id: id(), name: 'Service health', tags: ['production', 'slo'], tiles: withIds(serviceHealthTiles(logs.id, traces.id), id) };
  const checkout: Dashboard = {
    id: id(), name: 'Checkout funnel', tags: ['checkout'],
    tiles: withIds([
      { name: 'Checkout requests', x: 0, y: 0, w: 16, h: 6, series: [series({ type: 'time', sourceId: traces.id, aggFn: 'count', where: 'SpanName:"POST /checkout"', groupBy: ['StatusCode'] })] },
      { name: 'Orders placed', x: 16, y: 0, w: 8, h: 6, series: [series({ type: 'number', sourceId: logs.id, aggFn: 'count', where: 'Body:"order placed"' })] },
    ], id),
  };
  const infra: Dashboard = {
    id: id(), name: 'Infrastructure', tags: ['infra', 'k8s'],
    tiles: withIds([
      { name: 'CPU by pod', x: 0, y: 0, w: 12, h: 8, series: [series({ type: 'time', sourceId: metrics.id, aggFn: 'avg', field: 'Value', where: 'MetricName:k8s.pod.cpu.utilization', groupBy: ['k8s.pod.name'] })] },
      { name: 'Memory by pod', x: 12, y: 0, w: 12, h: 8, series: [series({ type: 'time', sourceId: metrics.id, aggFn: 'max', field: 'Value', where: 'MetricName:k8s.pod.memory.usage', groupBy: ['k8s.pod.name'] })] },
    ], id),
  };

  const teamId = id();
  const errorsTile = health.tiles[1]!;
  const alert: Alert = {
    id: id(), name: 'Error spike', message: 'More than 100 errors in 5 minutes on {{dashboard}}',
    source: 'tile', dashboardId: health.id, tileId: errorsTile.id,
    threshold: 100, thresholdType: 'above', interval: '5m',
    channel: { type: 'webhook', webhookId: webhooks[0]!.id },
    state: 'OK', teamId, createdAt: at(-15 * DAY), updatedAt: at(-2 * DAY),
  };

  return {
    teamId,
    sources: [logs, traces, metrics, sessions],
    webhooks,
    dashboards: new Map([health, checkout, infra].map((d) => [d.id, d])),
    alerts: new Map([[alert.id, alert]]),
  };
}

export function seedCloudObservability(rng: Rng, at: At): ObservabilityStore {
  const id = () => seededUuid(rng);
  const logs = logSource(id(), 'Logs');
  const traces = traceSource(id(), 'Traces');
  const overview: Dashboard = {
    id: id(), name: 'Service overview', tags: ['production'],
    tiles: withIds(serviceHealthTiles(logs.id, traces.id).slice(0, 3), id),
  };
  const alert: Alert = {
    id: id(), name: 'Error spike', message: 'More than 250 errors in 15 minutes',
    source: 'tile', dashboardId: overview.id, tileId: overview.tiles[1]!.id,
    threshold: 250, thresholdType: 'above', interval: '15m',
    channel: { type: 'webhook', webhookId: id() },
    state: 'OK', createdAt: at(-10 * DAY), updatedAt: at(-10 * DAY),
  };
  return { sources: [logs, traces], dashboards: new Map([[overview.id, overview]]), alerts: new Map([[alert.id, alert]]) };
}
