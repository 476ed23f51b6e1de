import 'server-only';
import { Counter, Histogram, register, type Metric } from 'prom-client';

/**
 * The console's own metrics, on prom-client's default registry (which /metrics serves). Looked up
 * first: Next may load this module twice in one process, and a registry refuses a second metric
 * of the same name.
 */
function once<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

export const httpRequests = once(
  'sluice_http_requests_total',
  () =>
    new Counter({
      name: 'sluice_http_requests_total',
      help: 'BFF requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
    }),
);

export const httpDuration = once(
  'sluice_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'sluice_http_request_duration_seconds',
      help: 'BFF request latency by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

export const upstreamCalls = once(
  'sluice_upstream_requests_total',
  () =>
    new Counter({
      name: 'sluice_upstream_requests_total',
      help: 'Calls sent to an upstream, by upstream, method and status (0 when no answer came)',
      labelNames: ['upstream', 'method', 'status'],
    }),
);

export const upstreamRateLimited = once(
  'sluice_upstream_rate_limited_total',
  () =>
    new Counter({
      name: 'sluice_upstream_rate_limited_total',
      help: 'Upstream answers with status 429',
      labelNames: ['upstream'],
    }),
);

export const upstreamQueueWait = once(
  'sluice_upstream_queue_wait_seconds',
  () =>
    new Histogram({
      name: 'sluice_upstream_queue_wait_seconds',
      help: 'Time a call waited for the upstream budget, by upstream and kind (read or write)',
      labelNames: ['upstream', 'kind'],
      buckets: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
    }),
);

export const upstreamBudgetExhausted = once(
  'sluice_upstream_budget_exhausted_total',
  () =>
    new Counter({
      name: 'sluice_upstream_budget_exhausted_total',
      help: 'Calls refused because the budget could not serve them before their deadline',
      labelNames: ['upstream', 'kind'],
    }),
);

export const upstreamCache = once(
  'sluice_upstream_cache_total',
  () =>
    new Counter({
      name: 'sluice_upstream_cache_total',
      help: 'Shared read cache lookups by upstream and result (hit, miss)',
      labelNames: ['upstream', 'result'],
    }),
);

export const upstreamCoalesced = once(
  'sluice_upstream_coalesced_total',
  () =>
    new Counter({
      name: 'sluice_upstream_coalesced_total',
      help: 'Reads that joined an identical call already in flight instead of making their own',
      labelNames: ['upstream'],
    }),
);

export const contractMismatches = once(
  'sluice_upstream_contract_mismatches_total',
  () =>
    new Counter({
      name: 'sluice_upstream_contract_mismatches_total',
      help: 'Upstream answers that broke the published contract',
      labelNames: ['upstream'],
    }),
);

export const notificationEvaluations = once(
  'sluice_notification_evaluations_total',
  () =>
    new Counter({
      name: 'sluice_notification_evaluations_total',
      help: 'Rule evaluations run by this console (it held the lease)',
    }),
);

export const notificationIncidents = once(
  'sluice_notification_incidents_total',
  () =>
    new Counter({
      name: 'sluice_notification_incidents_total',
      help: 'Incident messages queued, by event and state (firing, reminder, resolved)',
      labelNames: ['event', 'state'],
    }),
);

export const notificationAttempts = once(
  'sluice_notification_delivery_attempts_total',
  () =>
    new Counter({
      name: 'sluice_notification_delivery_attempts_total',
      help: 'Notification delivery attempts by channel type and outcome (delivered, failed)',
      labelNames: ['channel', 'outcome'],
    }),
);
