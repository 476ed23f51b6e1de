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
  state?: string;
  createdAt?: string;
  updatedAt?: string;
}
