// zod/mini: shared by the notification forms and the BFF routes.
import * as z from 'zod/mini';
import { uuidSchema } from './ids';

export const CHANNEL_TYPES = ['slack', 'webhook', 'email', 'console'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const CHANNEL_TYPE_LABELS: Record<ChannelType, string> = {
  slack: 'Slack',
  webhook: 'Webhook',
  email: 'Email',
  console: 'In-console centre',
};

export const RULE_EVENTS = [
  'pipe_failed',
  'pipe_errors',
  'pipe_stalled',
  'replication_lag',
  'key_expiring',
  'budget_exhausted',
  'contract_mismatch',
] as const;
export type RuleEvent = (typeof RULE_EVENTS)[number];

export const RULE_EVENT_LABELS: Record<RuleEvent, string> = {
  pipe_failed: 'A pipe failed (and recovered)',
  pipe_errors: 'Errors above a rate',
  pipe_stalled: 'No events on a running pipe',
  replication_lag: 'Replication lag above a size',
  key_expiring: 'An API key expires soon',
  budget_exhausted: 'The cloud API budget is exhausted',
  contract_mismatch: 'Answers outside the published contract',
};

/** Events whose rule needs a threshold, and what it counts. */
export const THRESHOLD_UNITS: Partial<Record<RuleEvent, string>> = {
  pipe_errors: 'errors per minute',
  replication_lag: 'MiB',
  key_expiring: 'days',
};

export const NOTIFICATION_STATES = ['firing', 'resolved', 'reminder', 'test'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

const name = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name is required' }),
    z.maxLength(100, { error: 'Name must be at most 100 characters' }),
  );

const url = z
  .string({ error: 'URL must be text' })
  .check(z.trim(), z.minLength(1, { error: 'URL is required' }), z.maxLength(2000, { error: 'URL is too long' }));
const secret = z
  .string({ error: 'Secret must be text' })
  .check(
    z.minLength(8, { error: 'Secret must be at least 8 characters' }),
    z.maxLength(500, { error: 'Secret is too long' }),
  );
const recipients = z
  .array(z.email({ error: 'Enter an email address' }), { error: 'Recipients must be a list of email addresses' })
  .check(z.minLength(1, { error: 'Add at least one recipient' }), z.maxLength(20, { error: 'At most 20 recipients' }));

export const createChannelSchema = z.object({
  name,
  type: z.enum(CHANNEL_TYPES, { error: 'Type must be slack, webhook, email or console' }),
  url: z.optional(url),
  secret: z.optional(secret),
  to: z.optional(recipients),
});
export type CreateChannelInput = z.infer<typeof createChannelSchema>;

/** A change: every field optional; a secret is replaced only when one is given. */
export const updateChannelSchema = z.object({
  name: z.optional(name),
  url: z.optional(url),
  secret: z.optional(secret),
  to: z.optional(recipients),
});
export type UpdateChannelInput = z.infer<typeof updateChannelSchema>;

const scope = z.object({
  serviceIds: z.optional(z.array(uuidSchema).check(z.maxLength(50, { error: 'At most 50 services' }))),
  pipeIds: z.optional(z.array(uuidSchema).check(z.maxLength(200, { error: 'At most 200 pipes' }))),
});

const ruleFields = {
  name,
  event: z.enum(RULE_EVENTS, { error: `Event must be one of ${RULE_EVENTS.join(', ')}` }),
  scope: z.optional(scope),
  threshold: z.optional(
    z
      .number({ error: 'Threshold must be a number' })
      .check(z.gte(0, { error: 'Threshold must be 0 or more' }), z.lte(1_000_000, { error: 'Threshold is too large' })),
  ),
  forMinutes: z.optional(
    z
      .int({ error: 'For minutes must be a whole number' })
      .check(
        z.gte(0, { error: 'For minutes must be 0 or more' }),
        z.lte(10_080, { error: 'For minutes must be at most a week (10080)' }),
      ),
  ),
  channelIds: z
    .array(uuidSchema, { error: 'Choose at least one channel' })
    .check(z.minLength(1, { error: 'Choose at least one channel' }), z.maxLength(20, { error: 'At most 20 channels' })),
  enabled: z.optional(z.boolean({ error: 'Enabled must be true or false' })),
};

export const createRuleSchema = z.object(ruleFields).check(
  z.refine((rule) => !(rule.event in THRESHOLD_UNITS) || rule.threshold !== undefined, {
    error: 'This event needs a threshold',
    path: ['threshold'],
  }),
);
export type CreateRuleInput = z.infer<typeof createRuleSchema>;

export const updateRuleSchema = z.partial(z.object(ruleFields));
export type UpdateRuleInput = z.infer<typeof updateRuleSchema>;

export const channelIdParams = z.object({ id: uuidSchema });
export const ruleIdParams = z.object({ id: uuidSchema });
export const deliveryIdParams = z.object({ id: uuidSchema });
export const markReadSchema = z.object({
  ids: z.optional(
    z.array(z.int({ error: 'Ids must be whole numbers' })).check(z.maxLength(500, { error: 'At most 500 at once' })),
  ),
  all: z.optional(z.boolean()),
});

/** What the BFF answers for a channel: never a secret, nor a Slack webhook URL (which is one). */
export interface ChannelView {
  id: string;
  name: string;
  type: ChannelType;
  url?: string;
  hasSecret: boolean;
  to?: string[];
  broken: boolean;
  brokenAt?: string;
  lastError?: string;
  createdAt: string;
  updatedAt: string;
}

export interface RuleView {
  id: string;
  name: string;
  event: RuleEvent;
  scope?: { serviceIds?: string[]; pipeIds?: string[] };
  threshold?: number;
  forMinutes: number;
  channelIds: string[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A webhook delivery's body, exactly as signed and sent. */
export interface NotificationBody {
  event: RuleEvent | 'test';
  state: NotificationState;
  occurredAt: string;
  pipe?: { id: string; name: string; serviceId: string };
  service?: { id: string; name: string };
  key?: { id: string; name: string; expiresAt: string };
  reason?: string;
  /** A sentence for people (the Slack text, the email subject, the centre's title). */
  summary: string;
  link: string;
}

export interface InboxMessage {
  id: number;
  at: string;
  event: string;
  state: NotificationState;
  title: string;
  body?: string;
  pipeId?: string;
  serviceId?: string;
  read: boolean;
}

export interface DeliveryAttemptView {
  at: string;
  outcome: 'delivered' | 'failed';
  durationMs: number;
  responseCode?: number;
  error?: string;
}

export interface DeliveryView {
  id: string;
  channelId: string;
  channelName?: string;
  event: string;
  state: NotificationState;
  summary: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: DeliveryAttemptView[];
  nextAttemptAt?: string;
  createdAt: string;
  deliveredAt?: string;
  lastError?: string;
}
