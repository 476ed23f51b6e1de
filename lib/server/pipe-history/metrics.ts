import 'server-only';
import { Counter, register } from 'prom-client';

const NAME = 'sluice_pipe_history_write_failures_total';

/**
 * Scrapes whose history could not be written, on prom-client's default registry (which /metrics
 * serves). Looked up first: Next may load this module twice in one process.
 */
export const pipeHistoryWriteFailures: Counter =
  (register.getSingleMetric(NAME) as Counter | undefined) ??
  new Counter({
    name: NAME,
    help: 'Pipe metric scrapes whose history could not be written to the database (the scrape itself was used)',
  });
