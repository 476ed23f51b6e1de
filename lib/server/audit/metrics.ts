import 'server-only';
import { Counter, register } from 'prom-client';

const NAME = 'sluice_audit_write_failures_total';

/**
 * Audit events that could not be written, on prom-client's default registry (which /metrics
 * serves). Looked up first: Next may load this module twice in one process, and a registry
 * refuses a second metric of the same name.
 */
export const auditWriteFailures: Counter =
  (register.getSingleMetric(NAME) as Counter | undefined) ??
  new Counter({
    name: NAME,
    help: 'Audit events that could not be written to the database (the change itself went through)',
  });
