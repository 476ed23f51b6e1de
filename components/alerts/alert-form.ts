import type { AlertBody, AlertBodyInput } from '@/lib/schemas/observability/alert';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';

/** The form holds the request body itself, so the server's field paths (`channel.webhookId`) are form paths. */
export type AlertFormValues = AlertBodyInput;
export type AlertFormOutput = AlertBody;

/** Top-level form names, for placing the server's field errors. */
export const ALERT_FORM_FIELDS = ['name', 'message', 'dashboardId', 'tileId', 'threshold', 'thresholdType', 'interval', 'channel'] as const;

/** Record fields that are the server's, never sent back in a replace. */
const SERVER_FIELDS = new Set(['id', 'state', 'createdAt', 'updatedAt', 'teamId', 'silenced']);

export function emptyAlertFormValues(target: { dashboardId?: string; tileId?: string } = {}): Partial<AlertFormValues> {
  return {
    name: '',
    message: '',
    source: 'tile',
    dashboardId: target.dashboardId ?? '',
    tileId: target.tileId ?? '',
    threshold: undefined,
    thresholdType: 'above',
    interval: '5m',
    channel: { type: 'webhook', webhookId: '' },
  };
}

/**
 * An alert as form values: what the form edits, plus the upstream fields it does not author
 * (kept, since saving is a full replace).
 */
export function alertToFormValues(alert: AlertRecord): Partial<AlertFormValues> {
  const kept = Object.fromEntries(Object.entries(alert).filter(([key]) => !SERVER_FIELDS.has(key)));
  return {
    ...kept,
    name: alert.name ?? '',
    message: alert.message ?? '',
    source: 'tile',
    dashboardId: alert.dashboardId ?? '',
    tileId: alert.tileId ?? '',
    threshold: alert.threshold,
    // A type the console does not author stays as it is; the schema then asks for above or below.
    thresholdType: alert.thresholdType as AlertFormValues['thresholdType'],
    interval: alert.interval as AlertFormValues['interval'],
    channel: { type: 'webhook', webhookId: alert.channel?.webhookId ?? '' },
  };
}
