import 'server-only';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { NotificationBody } from '@/lib/schemas/notifications';
import type { Queryable } from '../db/types';
import type { ChannelTarget } from './channels';
import { emailMessage, slackMessage } from './messages';
import { signBody } from './signature';
import { guardedLookup, problemWithResolved, problemWithUrl, TargetRefused } from './target-guard';
import { envText } from '../env';

export interface SendOutcome {
  ok: boolean;
  responseCode?: number;
  error?: string;
}

/** A receiver that hangs is given up on after this long; the delivery is retried later. */
export const SEND_TIMEOUT_MS = 10_000;

/** One POST, to the address the guarded lookup checked; never follows a redirect. */
function post(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
  const problem = problemWithUrl(url);
  if (problem) return Promise.resolve({ ok: false, error: `Refused: ${problem}` });
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Sluice-Notifications',
          ...headers,
        },
        lookup: guardedLookup(target.hostname),
        timeout: SEND_TIMEOUT_MS,
      },
      (response) => {
        const code = response.statusCode ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 300) text += chunk;
        });
        response.on('end', () =>
          resolve(
            code >= 200 && code < 300
              ? { ok: true, responseCode: code }
              : {
                  ok: false,
                  responseCode: code,
                  error: `The receiver answered ${code}${text ? `: ${text.slice(0, 200)}` : ''}`,
                },
          ),
        );
        response.on('error', (error) => resolve({ ok: false, responseCode: code, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) =>
      resolve({ ok: false, error: error instanceof TargetRefused ? `Refused: ${error.message}` : error.message }),
    );
    request.end(body);
  });
}

async function sendEmail(to: readonly string[], body: NotificationBody): Promise<SendOutcome> {
  const raw = envText('SMTP_URL');
  if (!raw) return { ok: false, error: 'SMTP_URL is not set: the console has no mail server to send through' };
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // The address connected to is the one checked (a name cannot resolve elsewhere in between).
  const address = isIP(host) ? host : (await lookup(host)).address;
  const problem = problemWithResolved(host, address);
  if (problem) return { ok: false, error: `Refused: SMTP_URL ${problem}` };
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: address,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    tls: { servername: host },
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  const from = envText('SMTP_FROM') ?? `Sluice <sluice@${isIP(host) ? 'localhost' : host}>`;
  const { subject, text } = emailMessage(body);
  try {
    const info = (await transport.sendMail({ from, to: [...to], subject, text })) as { rejected?: unknown[] };
    if (info.rejected && info.rejected.length > 0)
      return { ok: false, error: `The mail server refused ${info.rejected.length} recipient(s)` };
    return { ok: true, responseCode: 250 };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    return {
      ok: false,
      ...(code ? { responseCode: code } : {}),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    transport.close();
  }
}

/** The in-console centre: one message everyone sees, kept once however often the delivery is retried. */
async function sendToConsole(db: Queryable, deliveryId: string, body: NotificationBody): Promise<SendOutcome> {
  await db.query(
    `insert into notify_messages (delivery_id, event, state, title, body, pipe_id, service_id) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (delivery_id) do nothing`,
    [
      deliveryId,
      body.event,
      body.state,
      body.summary,
      body.reason ?? null,
      body.pipe?.id ?? null,
      body.pipe?.serviceId ?? null,
    ],
  );
  return { ok: true };
}

/** Sends one delivery's body (the raw JSON as queued) to its channel. */
export async function sendDelivery(
  db: Queryable,
  channel: ChannelTarget,
  delivery: { id: string; event: string },
  rawBody: string,
): Promise<SendOutcome> {
  const deliveryId = delivery.id;
  const body = JSON.parse(rawBody) as NotificationBody;
  switch (channel.type) {
    case 'webhook':
      if (!channel.url) return { ok: false, error: 'The channel has no URL' };
      return post(channel.url, rawBody, {
        'x-sluice-event': delivery.event,
        'x-sluice-delivery': deliveryId,
        ...(channel.secret ? { 'x-sluice-signature': signBody(rawBody, channel.secret) } : {}),
      });
    case 'slack':
      if (!channel.url) return { ok: false, error: 'The channel has no webhook URL' };
      return post(channel.url, JSON.stringify(slackMessage(body)), {});
    case 'email':
      return sendEmail(channel.to ?? [], body);
    case 'console':
      return sendToConsole(db, deliveryId, body);
  }
}
