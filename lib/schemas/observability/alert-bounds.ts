/**
 * Alert values of both observability surfaces (upstream facts), zod-free so that list pages can
 * label them without loading schema code.
 */
export const ALERT_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '6h', '12h', '1d'] as const;
export type AlertInterval = (typeof ALERT_INTERVALS)[number];

export const ALERT_INTERVAL_LABELS: Record<AlertInterval, string> = {
  '1m': 'Every minute',
  '5m': 'Every 5 minutes',
  '15m': 'Every 15 minutes',
  '30m': 'Every 30 minutes',
  '1h': 'Every hour',
  '6h': 'Every 6 hours',
  '12h': 'Every 12 hours',
  '1d': 'Every day',
};

/** The threshold types the console authors; upstream knows more, which the list still shows. */
export const ALERT_THRESHOLD_TYPES = ['above', 'below'] as const;
export type AlertThresholdType = (typeof ALERT_THRESHOLD_TYPES)[number];

export const ALERT_LIMITS = {
  nameMaxLength: 512,
  messageMaxLength: 4096,
  thresholdMin: 0,
  /** Upstream takes any non-negative number; this keeps a typed value sane. */
  thresholdMax: 1e15,
} as const;

/** An alert as either surface returns it; fields beyond the creation body are optional. */
export interface AlertRecord {
  id: string;
  name?: string | null;
  message?: string | null;
  source?: string;
  dashboardId?: string;
  tileId?: string;
  threshold: number;
  thresholdType: string;
  interval: string;
  channel: { type: string; webhookId?: string };
  /** All channels; `channel` mirrors the first (the README's upstream facts). */
  channels?: { type: string; webhookId?: string }[];
  /** `ALERT` (firing), `OK`, `INSUFFICIENT_DATA`, `DISABLED` or `PENDING`. */
  state?: string;
  silenced?: { by?: string | null; at?: string; until?: string } | null;
  executionErrors?: { timestamp: string; type: string; message: string }[] | null;
  createdAt?: string;
  updatedAt?: string;
}

/** How each alert state reads in the console; the upstream gives no firing history or last-fired time. */
export const ALERT_STATE_LABELS: Record<string, { label: string; tone: 'danger' | 'warning' | 'success' | 'neutral' }> =
  {
    ALERT: { label: 'Firing', tone: 'danger' },
    PENDING: { label: 'Pending', tone: 'warning' },
    OK: { label: 'OK', tone: 'success' },
    INSUFFICIENT_DATA: { label: 'No data', tone: 'neutral' },
    DISABLED: { label: 'Disabled', tone: 'neutral' },
  };
