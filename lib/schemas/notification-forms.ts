// zod/mini: what the notification admin forms hold (text as typed) and how it becomes the BFF's input.
import * as z from 'zod/mini';
import type { $ZodIssue } from 'zod/v4/core';
import {
  CHANNEL_TYPES,
  createChannelSchema,
  createRuleSchema,
  RULE_EVENTS,
  THRESHOLD_UNITS,
  type CreateChannelInput,
  type CreateRuleInput,
} from './notifications';

/**
 * The forms check their values with the BFF's own schemas (createChannelSchema, createRuleSchema),
 * so a field error reads the same before and after a round trip; an issue deep in the input
 * (`to.1`, `scope.pipeIds.0`) is shown under the form field that holds it.
 */

/** Comma-separated entries, trimmed, blanks dropped. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

function addInputIssues(
  issues: readonly $ZodIssue[],
  fieldOf: (root: string) => string,
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string; input: unknown }) => void },
): void {
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (seen.has(field)) continue;
    seen.add(field);
    ctx.addIssue({ code: 'custom', path: [field], message: issue.message, input: undefined });
  }
}

export const channelFormFields = z.object({
  name: z.string(),
  type: z.enum(CHANNEL_TYPES, { error: 'Type must be slack, webhook, email or console' }),
  url: z.string(),
  secret: z.string(),
  /** Recipients as typed, separated by commas. */
  to: z.string(),
});
export type ChannelFormValues = z.infer<typeof channelFormFields>;

export const CHANNEL_FORM_DEFAULTS: ChannelFormValues = { name: '', type: 'webhook', url: '', secret: '', to: '' };

/** The BFF's input for a channel form: only the fields its type uses. */
export function channelInput(form: ChannelFormValues): CreateChannelInput {
  const { name, type, url, secret, to } = form;
  return {
    name,
    type,
    ...(type === 'webhook' || type === 'slack' ? { url } : {}),
    ...(type === 'webhook' && secret ? { secret } : {}),
    ...(type === 'email' ? { to: splitList(to) } : {}),
  };
}

/** The field of the channel form that holds a path of the BFF's input (`to.1` is in the recipients' text). */
export const channelFieldOf = (path: string) => path.split('.')[0] ?? '';

export const channelFormSchema = z.pipe(
  channelFormFields.check(
    z.superRefine((form, ctx) => {
      const parsed = createChannelSchema.safeParse(channelInput(form));
      if (!parsed.success) addInputIssues(parsed.error.issues, channelFieldOf, ctx);
      else if ((form.type === 'webhook' || form.type === 'slack') && !form.url.trim())
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'URL is required', input: form.url });
      else if (form.type === 'email' && splitList(form.to).length === 0)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'Add at least one recipient', input: form.to });
    }),
  ),
  z.transform((form) => createChannelSchema.parse(channelInput(form))),
);

export const ruleFormFields = z.object({
  name: z.string(),
  event: z.enum(RULE_EVENTS, { error: `Event must be one of ${RULE_EVENTS.join(', ')}` }),
  /** As typed in a number field: '' when empty. */
  threshold: z.string(),
  forMinutes: z.string(),
  /** Pipe ids as typed, separated by commas; empty for every pipe. */
  pipeIds: z.string(),
  channelIds: z.array(z.string()),
});
export type RuleFormValues = z.infer<typeof ruleFormFields>;

export const RULE_FORM_DEFAULTS: RuleFormValues = {
  name: '',
  event: 'pipe_failed',
  threshold: '',
  forMinutes: '0',
  pipeIds: '',
  channelIds: [],
};

/** The BFF's input for a rule form: a threshold only for an event that counts one, a scope only when pipes are named. */
export function ruleInput(form: RuleFormValues): CreateRuleInput {
  const pipes = splitList(form.pipeIds);
  const threshold = form.threshold.trim();
  const forMinutes = form.forMinutes.trim();
  return {
    name: form.name,
    event: form.event,
    channelIds: form.channelIds,
    ...(form.event in THRESHOLD_UNITS && threshold !== '' ? { threshold: Number(threshold) } : {}),
    ...(forMinutes !== '' ? { forMinutes: Number(forMinutes) } : {}),
    ...(pipes.length > 0 ? { scope: { pipeIds: pipes } } : {}),
  };
}

/** The field of the rule form that holds a path of the BFF's input: the scope is typed into the pipes field. */
export const ruleFieldOf = (path: string) => {
  const root = path.split('.')[0] ?? '';
  return root === 'scope' ? 'pipeIds' : root;
};

export const ruleFormSchema = z.pipe(
  ruleFormFields.check(
    z.superRefine((form, ctx) => {
      const parsed = createRuleSchema.safeParse(ruleInput(form));
      if (!parsed.success) addInputIssues(parsed.error.issues, ruleFieldOf, ctx);
    }),
  ),
  z.transform((form) => createRuleSchema.parse(ruleInput(form))),
);
