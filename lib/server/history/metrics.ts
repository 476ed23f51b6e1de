import 'server-only';
import { Counter, register } from 'prom-client';

const NAME = 'sluice_history_write_failures_total';

/**
 * Versions that could not be written (the change itself went through), on the default registry
 * /metrics serves. Looked up first: Next may load this module twice in one process.
 */
export const historyWriteFailures: Counter =
  (register.getSingleMetric(NAME) as Counter | undefined) ??
  new Counter({
    name: NAME,
    help: 'Versions of dashboards, alerts, pipes, keys or endpoints that could not be written to the history (the change itself went through)',
  });
