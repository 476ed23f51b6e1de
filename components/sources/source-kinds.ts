/** Labels of the kinds and services the observability surfaces list (upstream facts). */
export const SOURCE_KIND_LABELS: Record<string, string> = {
  log: 'Logs',
  trace: 'Traces',
  metric: 'Metrics',
  session: 'Sessions',
};
export const WEBHOOK_SERVICE_LABELS: Record<string, string> = {
  slack: 'Slack',
  incidentio: 'incident.io',
  generic: 'Generic',
};

/**
 * Where a webhook posts, without the path: a Slack webhook's path is its secret, so the list
 * shows the host only. Not a URL → empty.
 */
export function webhookHost(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
