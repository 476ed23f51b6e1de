import { servicePage } from '@/lib/console/service-paths';
import type { NotificationBody, NotificationState, RuleEvent } from '@/lib/schemas/notifications';
import type { ConditionDetails } from './evaluate';

/** Where a message's link points: the pipe's page under its service, or the console's notifications. */
export function consoleLink(baseUrl: string, details: ConditionDetails): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (details.pipe) return `${base}${servicePage(details.pipe.serviceId, 'pipes', details.pipe.id)}`;
  if (details.key) return `${base}/keys`;
  return `${base}/notifications`;
}

const round = (value: number | undefined) => (value === undefined ? '' : String(Math.round(value * 10) / 10));

export function summaryOf(
  event: RuleEvent | 'test',
  state: NotificationState,
  details: ConditionDetails,
  threshold?: number,
): string {
  const pipe = details.pipe ? `Pipe “${details.pipe.name}”` : 'A pipe';
  if (state === 'test') return 'Test message from Sluice: this channel works';
  const still = state === 'reminder' ? 'still ' : '';
  if (state === 'resolved') {
    switch (event) {
      case 'pipe_failed':
        return `${pipe} recovered`;
      case 'key_expiring':
        return `API key “${details.key?.name ?? ''}” no longer expires soon`;
      case 'budget_exhausted':
        return 'The cloud API budget serves the console again';
      case 'contract_mismatch':
        return 'The cloud API answers within its published contract again';
      default:
        return `${pipe} is back to normal`;
    }
  }
  switch (event) {
    case 'pipe_failed':
      return state === 'reminder' ? `${pipe} is still failing` : `${pipe} failed`;
    case 'pipe_errors':
      return `${pipe} ${still}reports ${round(details.value)} errors per minute (above ${round(threshold)})`;
    case 'pipe_stalled':
      return `${pipe} ${still}receives no events while running`;
    case 'replication_lag':
      return `${pipe} ${still}lags ${round(details.value)} MiB behind its source (above ${round(threshold)})`;
    case 'key_expiring':
      return `API key “${details.key?.name ?? ''}” ${(details.value ?? 0) < 0 ? 'expired' : 'expires'} on ${details.key?.expiresAt.slice(0, 10) ?? ''}`;
    case 'budget_exhausted':
      return `The cloud API budget is ${still}exhausted: the console's background reads are refused`;
    case 'contract_mismatch':
      return `The cloud API ${still}answers outside its published contract`;
    default:
      return 'Sluice notification';
  }
}

export interface Composed {
  event: RuleEvent | 'test';
  state: NotificationState;
  occurredAt: Date;
  details: ConditionDetails;
  reason?: string;
  serviceName?: string;
  threshold?: number;
  baseUrl: string;
}

/** The generic webhook's body (documented in the README); the other channels are made from it. */
export function notificationBody(input: Composed): NotificationBody {
  const { details } = input;
  const service = details.pipe
    ? { id: details.pipe.serviceId, name: input.serviceName ?? details.pipe.serviceId }
    : undefined;
  return {
    event: input.event,
    state: input.state,
    occurredAt: input.occurredAt.toISOString(),
    ...(details.pipe ? { pipe: details.pipe } : {}),
    ...(service ? { service } : {}),
    ...(details.key ? { key: details.key } : {}),
    ...(input.reason ? { reason: input.reason } : {}),
    summary: summaryOf(input.event, input.state, details, input.threshold),
    link: consoleLink(input.baseUrl, details),
  };
}

const STATE_LABEL: Record<NotificationState, string> = {
  firing: 'Firing',
  resolved: 'Resolved',
  reminder: 'Still firing',
  test: 'Test',
};

/** Slack's escaping for text in mrkdwn. */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Block Kit message: the summary, then pipe, service, state and reason, and a button to the page. */
export function slackMessage(body: NotificationBody): Record<string, unknown> {
  const fields = [
    ...(body.pipe ? [{ type: 'mrkdwn', text: `*Pipe*\n${slackText(body.pipe.name)}` }] : []),
    ...(body.service ? [{ type: 'mrkdwn', text: `*Service*\n${slackText(body.service.name)}` }] : []),
    { type: 'mrkdwn', text: `*State*\n${STATE_LABEL[body.state]}` },
    { type: 'mrkdwn', text: `*When*\n${body.occurredAt}` },
  ];
  return {
    text: body.summary,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: body.summary.slice(0, 150) } },
      { type: 'section', fields },
      ...(body.reason
        ? [{ type: 'section', text: { type: 'mrkdwn', text: `*Reason*\n${slackText(body.reason.slice(0, 2900))}` } }]
        : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Sluice' }, url: body.link }],
      },
    ],
  };
}

export function emailMessage(body: NotificationBody): { subject: string; text: string } {
  const lines = [
    body.summary,
    '',
    `State: ${STATE_LABEL[body.state]}`,
    `When: ${body.occurredAt}`,
    ...(body.pipe ? [`Pipe: ${body.pipe.name} (${body.pipe.id})`] : []),
    ...(body.service ? [`Service: ${body.service.name}`] : []),
    ...(body.reason ? [`Reason: ${body.reason}`] : []),
    '',
    `Open in Sluice: ${body.link}`,
  ];
  return { subject: `[Sluice] ${STATE_LABEL[body.state]}: ${body.summary}`, text: lines.join('\n') };
}
