import 'server-only';
import { Counter, register } from 'prom-client';

const NAME = 'sluice_pipe_metrics_scrapes_total';

/**
 * Upstream scrapes of pipe metrics by where they went: `organization` (one for every service) or
 * `service` (the fallback, one per service). Looked up first: Next may load this module twice.
 */
export const pipeMetricsScrapes: Counter<'source'> =
  (register.getSingleMetric(NAME) as Counter<'source'> | undefined) ??
  new Counter({
    name: NAME,
    help: 'Upstream scrapes of pipe metrics, by source: organization (every service at once) or service (one service, the fallback)',
    labelNames: ['source'],
  });
