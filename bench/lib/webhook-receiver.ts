/**
 * A webhook receiver on loopback for the benches that count notification deliveries: it keeps
 * every message as it arrived (repeats included, so a bench can count duplicates by
 * X-Sluice-Delivery) and checks each signature with the channel's secret.
 */
import { createServer, type Server } from 'node:http';
import { verifySignature } from '../../lib/server/notifications/signature';

export interface ReceivedMessage {
  /** X-Sluice-Delivery: the same for every attempt of one delivery. */
  id: string;
  /** `firing`, `resolved`, …; `unreadable` for a body that is not the webhook's JSON. */
  state: string;
  pipeId: string;
  occurredAt: number;
  arrivedAt: number;
  signed: boolean;
  /** The process that sent it, where the bench looks it up (the lease holder). */
  senderPid?: number;
}

/** Listens on 127.0.0.1:`port`; `onMessage` also hears the sending connection's port. */
export function startWebhookReceiver(
  port: number,
  secret: string,
  into: ReceivedMessage[],
  onMessage?: (message: ReceivedMessage, remotePort: number | undefined) => void,
): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      response.end('ok');
      const id = String(request.headers['x-sluice-delivery'] ?? '');
      let message: ReceivedMessage;
      try {
        const parsed = JSON.parse(body) as { state: string; occurredAt: string; pipe?: { id: string } };
        message = {
          id,
          state: parsed.state,
          pipeId: parsed.pipe?.id ?? '',
          occurredAt: Date.parse(parsed.occurredAt),
          arrivedAt: Date.now(),
          signed: verifySignature(body, secret, request.headers['x-sluice-signature'] as string | undefined),
        };
      } catch {
        message = { id, state: 'unreadable', pipeId: '', occurredAt: NaN, arrivedAt: Date.now(), signed: false };
      }
      into.push(message);
      onMessage?.(message, request.socket.remotePort);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** POSTs JSON to a console's BFF as a signed-in user; throws with the answer on anything but success. */
export async function postAsUser<T = { data?: { id: string } }>(
  base: string,
  cookie: string,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Drives the emulator's control routes (fail or recover a pipe, …). */
export async function emulatorControl(cloudUrl: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${cloudUrl}/__emulator/${path}`, {
    method: 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`emulator ${path} answered ${response.status}`);
}
