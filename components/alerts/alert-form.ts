import type { AlertBody, AlertBodyInput } from '@/lib/schemas/observability/alert';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';

/** The form holds the request body itself, so the server's field paths (`channel.webhookId`) are form paths. */
export type AlertFormValues = AlertBodyInput;
export type AlertFormOutput = AlertBody;

/** Top-level form names, for placing the server's field errors. */
export const ALERT_FORM_FIELDS = [
  'name',
  'message',
  'dashboardId',
  'tileId',
  'threshold',
  'thresholdType',
  'interval',
  'channel',
] as const;

/** Record fields that are the server's, never sent back in a replace. */
const SERVER_FIELDS = new Set(['id', 'state', 'createdAt', 'updatedAt', 'teamId', 'silenced', 'executionErrors']);

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
  // `channels` mirrors `channel` when there is one: the form's webhook is then the only one sent.
  const single = (alert.channels?.length ?? 0) <= 1;
  const kept = Object.fromEntries(
    Object.entries(alert).filter(([key]) => !SERVER_FIELDS.has(key) && !(single && key === 'channels')),
  );
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

/**
 * The body sent: where an alert notifies several channels, the first follows the form's webhook
 * (upstream refuses a `channel` that is not the first of `channels`).
 */
export function alertBodyToSend(body: AlertFormOutput): AlertFormOutput {
  const channels = (body as { channels?: unknown }).channels;
  if (!Array.isArray(channels) || channels.length === 0) return body;
  return { ...body, channels: [body.channel, ...channels.slice(1)] } as AlertFormOutput;
}

/** A new alert's name from its tile: "Errors alert". */
export function alertNameForTile(tileName: string | undefined): string {
  return tileName?.trim() ? `${tileName.trim()} alert`.slice(0, 512) : '';
}
