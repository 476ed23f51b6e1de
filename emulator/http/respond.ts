import type { ServerResponse } from 'node:http';

export type Headers = Record<string, string | number>;

/** Every body goes out with a Content-Length so keep-alive connections are reused. */
export function sendRaw(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Headers = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, {
    ...headers,
    'Content-Type': contentType,
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
  });
  res.end(payload);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Headers): void {
  sendRaw(res, status, 'application/json; charset=utf-8', JSON.stringify(body), headers);
}

export function sendText(res: ServerResponse, status: number, text: string, headers?: Headers): void {
  sendRaw(res, status, 'text/plain; charset=utf-8', text, headers);
}

/** What a surface handler answers; the surface decides how to frame it. */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Headers }
  | { kind: 'text'; status: number; text: string; headers?: Headers; contentType?: string };

export const json = (body: unknown, status = 200, headers?: Headers): Reply => ({
  kind: 'json',
  status,
  body,
  headers,
});
export const text = (value: string, status = 200, headers?: Headers): Reply => ({
  kind: 'text',
  status,
  text: value,
  headers,
});
/** A body in a content type of its own (a query result in the asked format). */
export const raw = (value: string, contentType: string, status = 200, headers?: Headers): Reply => ({
  kind: 'text',
  status,
  text: value,
  headers,
  contentType,
});

export function sendReply(res: ServerResponse, reply: Reply): void {
  if (reply.kind === 'json') sendJson(res, reply.status, reply.body, reply.headers);
  else if (reply.contentType) sendRaw(res, reply.status, reply.contentType, reply.text, reply.headers);
  else sendText(res, reply.status, reply.text, reply.headers);
}
