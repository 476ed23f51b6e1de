import { describe, expect, it } from 'vitest';
import {
  CHANNEL_FORM_DEFAULTS,
  channelFormSchema,
  RULE_FORM_DEFAULTS,
  ruleFieldOf,
  ruleFormSchema,
  type ChannelFormValues,
  type RuleFormValues,
} from './notification-forms';

const CHANNEL = '6f1c2a52-2b7e-4f55-9d61-0c6c1d7c0a11';
const PIPE = '0b9e1a3c-5d2f-4e6a-8b7c-9d0e1f2a3b4c';

const channel = (values: Partial<ChannelFormValues>) =>
  channelFormSchema.safeParse({ ...CHANNEL_FORM_DEFAULTS, ...values });
const rule = (values: Partial<RuleFormValues>) => ruleFormSchema.safeParse({ ...RULE_FORM_DEFAULTS, ...values });
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('channel form', () => {
  it("gives the BFF only the fields of the channel's type, recipients as a list", () => {
    const email = channel({ name: ' Ops ', type: 'email', url: 'https://left.example', to: 'a@x.io, b@x.io,' });
    expect(email.success && email.data).toEqual({ name: 'Ops', type: 'email', to: ['a@x.io', 'b@x.io'] });
    const webhook = channel({ name: 'Hook', url: 'https://h.example/x', secret: '', to: 'a@x.io' });
    expect(webhook.success && webhook.data).toEqual({ name: 'Hook', type: 'webhook', url: 'https://h.example/x' });
  });

  it('names the field of each mistake, with the words the BFF uses', () => {
    expect(errorsOf(channel({ name: '', url: 'https://h.example' }))).toEqual({ name: 'Name is required' });
    expect(errorsOf(channel({ name: 'Hook', url: '  ' }))).toEqual({ url: 'URL is required' });
    expect(errorsOf(channel({ name: 'Hook', url: 'https://h.example', secret: 'short' }))).toEqual({
      secret: 'Secret must be at least 8 characters',
    });
    expect(errorsOf(channel({ name: 'Mail', type: 'email', to: 'a@x.io, not-an-address' }))).toEqual({
      to: 'Enter an email address',
    });
    expect(errorsOf(channel({ name: 'Mail', type: 'email', to: ' , ' }))).toEqual({ to: 'Add at least one recipient' });
  });
});

describe('rule form', () => {
  it('gives the BFF numbers, a threshold only for an event that counts one, and a scope only when pipes are named', () => {
    const failed = rule({ name: 'Failures', threshold: '5', channelIds: [CHANNEL] });
    expect(failed.success && failed.data).toEqual({
      name: 'Failures',
      event: 'pipe_failed',
      forMinutes: 0,
      channelIds: [CHANNEL],
    });
    const errors = rule({
      name: 'Errors',
      event: 'pipe_errors',
      threshold: '2.5',
      pipeIds: `${PIPE},`,
      channelIds: [CHANNEL],
    });
    expect(errors.success && errors.data).toMatchObject({ threshold: 2.5, scope: { pipeIds: [PIPE] } });
  });

  it('names the field of each mistake: no channel, no threshold, a bad pipe id under the pipes field', () => {
    expect(errorsOf(rule({ name: 'Failures' }))).toEqual({ channelIds: 'Choose at least one channel' });
    expect(errorsOf(rule({ name: 'Errors', event: 'pipe_errors', channelIds: [CHANNEL] }))).toEqual({
      threshold: 'This event needs a threshold',
    });
    expect(errorsOf(rule({ name: 'Failures', pipeIds: 'orders', channelIds: [CHANNEL] }))).toEqual({
      pipeIds: 'Must be a UUID',
    });
    expect(errorsOf(rule({ name: 'Failures', forMinutes: '1.5', channelIds: [CHANNEL] }))).toEqual({
      forMinutes: 'For minutes must be a whole number',
    });
  });

  it("shows the BFF's scope errors under the pipes field", () => {
    expect(ruleFieldOf('scope.pipeIds.0')).toBe('pipeIds');
    expect(ruleFieldOf('name')).toBe('name');
  });
});
