import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { handleControl, type ControlDeps } from './control';
import type { PipeTables } from './engine/pipe-tables';
import type { Fault, FaultStore } from './faults';
import { parseJsonBody, readBody } from './http/body';
import { HttpError } from './http/errors';
import { sendRaw, sendReply, type Reply } from './http/respond';
import { normalizeAddress } from './net/ip';
import { authorizationKind, type RequestLog, type RequestLogEntry } from './request-log';
import { recordReceivedRequest } from './request-record';
import type { EmulatorState } from './state';

export interface RequestContext {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  remoteAddress: string;
  state: EmulatorState;
  /** The pipes' tables in the embedded engine (query host, pipe creation); absent without an engine. */
  tables?: PipeTables;
  /** The parsed JSON body (`undefined` when empty); throws `MalformedBodyError`. */
  readJson(): unknown;
}

export interface Surface {
  name: 'cloud' | 'observability';
  handle(ctx: RequestContext): Promise<Reply>;
  /** Without a message the surface uses its usual text for that status. */
  errorReply(status: number, message?: string): Reply;
  rateLimitReply(limit: number, resetSeconds: number): Reply;
  /** A 200 body cut short, as a proxy dropping the connection mid-response would leave it. */
  truncatedBody(): string;
  /** Paths of another host sharing this port (the query host): outside this surface's per-key budget. */
  unbudgeted?(path: string): boolean;
}

export interface SurfaceServerDeps extends ControlDeps {
  state: EmulatorState;
  faults: FaultStore;
  log: RequestLog;
  quiet: boolean;
  onRequest?: (entry: RequestLogEntry) => void;
}

const CONTROL_PREFIX = '/__emulator';

export function createSurfaceServer(surface: Surface, deps: SurfaceServerDeps): Server {
  const server = createServer((req, res) => {
    handleRequest(surface, deps, req, res).catch((error: unknown) => {
      if (!deps.quiet) console.error(`[emulator] ${surface.name} handler failed`, error);
      sendReply(res, surface.errorReply(500, 'unexpected error in the service'));
    });
  });
  server.on('connection', () => {
    deps.connections[surface.name] += 1;
  });
  // A benchmark proxies through the emulator: keep idle sockets open longer than typical client pools do.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

async function handleRequest(
  surface: Surface,
  deps: SurfaceServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = (req.method ?? 'GET').toUpperCase();
  if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
    await handleControl(req, res, url, deps);
    return;
  }

  const started = Date.now();
  const entry = deps.log.record({
    surface: surface.name,
    method,
    path: url.pathname,
    status: null,
    at: new Date(started).toISOString(),
    authorization: authorizationKind(req.headers.authorization),
  });
  res.on('finish', () => {
    entry.status = res.statusCode;
    deps.onRequest?.({ ...entry });
    if (!deps.quiet)
      console.log(`[emulator] ${surface.name} ${method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
  });

  // Read before budgets and faults, so a recorded request carries its body whatever answers it.
  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch (error) {
    if (error instanceof HttpError) {
      sendReply(res, surface.errorReply(error.status, error.message));
      return;
    }
    throw error;
  }
  recordReceivedRequest(surface.name, method, url, raw);

  const verdict = surface.unbudgeted?.(url.pathname)
    ? undefined
    : deps.budgets?.take(surface.name, req.headers.authorization);
  if (verdict && !verdict.allowed) {
    sendReply(res, surface.rateLimitReply(verdict.limit, verdict.resetSeconds));
    return;
  }

  const fault = deps.faults.take(method, url.pathname);
  if (fault && (await applyFault(surface, fault, res))) return;

  const ctx: RequestContext = {
    req,
    method,
    path: url.pathname,
    query: url.searchParams,
    remoteAddress: normalizeAddress(req.socket.remoteAddress),
    state: deps.state,
    tables: deps.tables,
    readJson: () => parseJsonBody(raw),
  };
  sendReply(res, await surface.handle(ctx));
}

/** Returns true when the fault produced (or withheld) the answer; false to continue normally after a delay. */
async function applyFault(surface: Surface, fault: Fault, res: ServerResponse): Promise<boolean> {
  if (fault.latencyMs) {
    const gone = new AbortController();
    const onClose = () => gone.abort();
    res.once('close', onClose);
    try {
      await delay(fault.latencyMs, undefined, { signal: gone.signal });
    } catch {
      return true;
    } finally {
      res.off('close', onClose);
    }
  }
  // The answer never comes until the client gives up.
  if (fault.hang) return true;
  if (fault.rateLimit) {
    sendReply(res, surface.rateLimitReply(fault.rateLimit.limit ?? 10, fault.rateLimit.resetSeconds ?? 10));
    return true;
  }
  if (fault.malformed) {
    sendRaw(res, fault.status ?? 200, 'application/json; charset=utf-8', surface.truncatedBody());
    return true;
  }
  if (fault.body !== undefined) {
    sendReply(res, { kind: 'json', status: fault.status ?? 200, body: fault.body });
    return true;
  }
  if (fault.status !== undefined) {
    sendReply(
      res,
      fault.status >= 400 ? surface.errorReply(fault.status) : { kind: 'json', status: fault.status, body: {} },
    );
    return true;
  }
  return false;
}
