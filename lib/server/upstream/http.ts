import 'server-only';
import { STATUS_CODES } from 'node:http';
import pRetry from 'p-retry';
import { request, type Dispatcher } from 'undici';
import { ApiError, type FieldError } from '../errors';
import { durationFromEnv, UPSTREAM_LABEL, type UpstreamConfig, type UpstreamName } from '../env';
import { log } from '../log';
import { closedBeforeSending, freshConnection, pooledAgent } from './connection-reuse';
import { checkUpstreamAnswer } from './contract-check';
import { recordUpstreamRequest } from './record';
import { upstreamCalls, upstreamRateLimited } from '../metrics';
import { currentRequestId, servingMutation } from '../request-context';
import { cachedRead, invalidateAfterWrite } from './read-cache';
import type { UpstreamResult } from './result';
import { holdBudget, queueDeadlineMs, waitForBudget, type CallKind } from './scheduler';
import { fieldsFromCloudMessage, fieldsFromValidationMessage, readUpstreamMessage } from './error-text';
import { codeForStatus, isErrorCode, type ErrorCode } from '@/lib/api/error-codes';
import { wireFor } from './wire';

import type { HttpMethod } from '@/lib/api/http-types';

export type { HttpMethod };

export interface UpstreamHttpSettings {
  readTimeoutMs: number;
  writeTimeoutMs: number;
  /** Extra attempts for a GET after the first. */
  retries: number;
  retryMinDelayMs: number;
  retryMaxDelayMs: number;
  /** A longer `Retry-After` is handed to the browser instead of being waited out. */
  maxRetryAfterMs: number;
  dispatcher: Dispatcher;
}

/** One pool per upstream origin, kept alive across requests: a new TLS/TCP handshake per call would dominate latency. */
const sharedAgent = pooledAgent({
  connections: 128,
  keepAliveTimeout: 10_000,
  keepAliveMaxTimeout: 60_000,
  connect: { timeout: 5_000 },
});

let settings: UpstreamHttpSettings = {
  readTimeoutMs: durationFromEnv('UPSTREAM_READ_TIMEOUT_MS'),
  writeTimeoutMs: durationFromEnv('UPSTREAM_WRITE_TIMEOUT_MS'),
  retries: 2,
  retryMinDelayMs: 100,
  retryMaxDelayMs: 1_000,
  maxRetryAfterMs: 2_000,
  dispatcher: sharedAgent,
};

const defaults = settings;

/** Tests shorten deadlines and back-off, or swap the dispatcher for a mock. */
export function configureUpstreamHttp(overrides: Partial<UpstreamHttpSettings>): void {
  settings = { ...settings, ...overrides };
}

export function resetUpstreamHttp(): void {
  settings = defaults;
}

export interface UpstreamCall {
  upstream: UpstreamConfig;
  method: HttpMethod;
  /**
   * Path below the upstream's base URL, starting with `/`, every dynamic segment already encoded,
   * in the console's own (neutral) names: `send` puts it and the body into the upstream's names.
   */
  path: string;
  body?: unknown;
  timeoutMs?: number;
  /** Extra attempts for a GET; 0 for probes. */
  retries?: number;
  /** `text` for an answer that is not JSON (the Prometheus endpoint): kept as text, `data` null. */
  expect?: 'json' | 'text';
  /** A POST that only reads (a chart query): paced, cached and coalesced like a GET. */
  read?: boolean;
  /** `false` for probes, which must see the upstream as it is now. */
  cache?: boolean;
  /** Extra request headers (the query host's); part of a read's identity in the cache. */
  headers?: Record<string, string>;
  /** Longest wait for the upstream budget; by default that of a read or a write. */
  queueMs?: number;
  /**
   * A read nobody waits for (the console's own metric scrapes): it goes after every person's call,
   * leaves part of each window to them, and is refused after a short wait (UPSTREAM_BACKGROUND_QUEUE_MS).
   */
  background?: boolean;
}

export type { UpstreamResult } from './result';

/** An upstream failure already translated for the browser, plus what the retry policy needs. */
export class UpstreamError extends ApiError {
  override name = 'UpstreamError';
  retryable = false;
  retryAfterMs?: number;
  upstreamStatus?: number;
}

/** Budget windows of the real services, used when a 429 names no reset time. */
const DEFAULT_RATE_WINDOW_SECONDS: Record<UpstreamName, number> = { cloud: 10, observability: 60, query: 60 };

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

const CONNECT_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/**
 * One call to an upstream, as the rest of the BFF sees it: reads through the shared cache and
 * single flight, every attempt paced by the upstream budget, retries for reads, and a write
 * making the cache of what it changed stale.
 */
export async function upstreamRequest(call: UpstreamCall): Promise<UpstreamResult> {
  const kind: CallKind = call.method === 'GET' || call.read ? (call.background ? 'background' : 'read') : 'write';
  if (kind !== 'write') {
    // A GET made while serving a person's change (a guard's check, the state kept for history) is
    // part of that write: it is paced as one, so the reads of everyone else cannot hold it back.
    // Reads sent as POST (chart queries, searches) stay reads whatever route sends them.
    const paceAs: CallKind = kind === 'read' && call.method === 'GET' && servingMutation() ? 'write' : kind;
    if (call.cache === false) return send(call, paceAs);
    const extra = call.headers ? JSON.stringify(call.headers) : '';
    const identity = `${call.method} ${call.path} ${call.body === undefined ? '' : JSON.stringify(call.body)}${extra}`;
    return cachedRead(call.upstream, call.path, identity, () => send(call, paceAs), call.expect === 'text');
  }
  try {
    return await send(call, kind);
  } finally {
    // Even a failed write may have changed something (a gateway timeout can still complete).
    await invalidateAfterWrite(call.upstream, call.path);
  }
}

async function send(call: UpstreamCall, kind: CallKind): Promise<UpstreamResult> {
  const { upstream, method } = call;
  const timeoutMs = call.timeoutMs ?? (method === 'GET' ? settings.readTimeoutMs : settings.writeTimeoutMs);
  const queueDeadline = Date.now() + (call.queueMs ?? queueDeadlineMs(kind));
  // The answer's deadline starts once the budget lets the first attempt go.
  let deadline = Number.POSITIVE_INFINITY;
  // Everything from here to the answer is in the upstream's names; the answer comes back in ours.
  const wire = wireFor(upstream.name);
  const wirePath = wire.path(call.path);
  const wireBody = call.body === undefined ? undefined : wire.request(call.path, call.body);
  const payload = wireBody === undefined ? undefined : JSON.stringify(wireBody);
  const headers: Record<string, string> = {
    authorization: upstream.authorization,
    accept: call.expect === 'text' ? 'text/plain' : 'application/json',
  };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, wire.headers, call.headers);
  const url = upstream.baseUrl + wirePath;
  recordUpstreamRequest(upstream.name, method, wirePath, wireBody);

  const attempt = async (): Promise<UpstreamResult> => {
    let status: number;
    let responseHeaders: HeaderSource;
    let text: string;
    const slot = await waitForBudget(upstream, kind, queueDeadline);
    if (deadline === Number.POSITIVE_INFINITY) deadline = performance.now() + timeoutMs;
    try {
      // `request` rather than `fetch`: the same pooled dispatcher at a fraction of the per-call
      // cost, and it never follows redirects (undici 7 only does through an explicit interceptor).
      // The deadline rides on undici's own timers, cheaper than an AbortSignal per call.
      const sendOn = (dispatcher: Dispatcher) => {
        const remaining = Math.max(1, Math.round(deadline - performance.now()));
        return request(url, {
          method,
          headers,
          body: payload,
          headersTimeout: remaining,
          bodyTimeout: remaining,
          dispatcher,
        });
      };
      let fresh: Dispatcher | undefined;
      try {
        let response: Dispatcher.ResponseData;
        try {
          response = await sendOn(settings.dispatcher);
        } catch (error) {
          if (!closedBeforeSending(error)) throw error;
          // The upstream had closed the pooled connection as the call went out: it never read it,
          // so even a write goes again, once, on a new connection (and within the slot it took).
          log.info(
            { requestId: currentRequestId(), upstream: upstream.name, method, path: wirePath },
            'upstream closed a reused connection before reading the call; sending it again',
          );
          fresh = freshConnection();
          response = await sendOn(fresh);
        }
        status = response.statusCode;
        responseHeaders = response.headers;
        text = await response.body.text();
      } finally {
        if (fresh) void fresh.close().catch(() => undefined);
      }
    } catch (error) {
      upstreamCalls.inc({ upstream: upstream.name, method, status: '0' });
      throw transportError(upstream.name, error);
    } finally {
      slot.answered();
    }
    upstreamCalls.inc({ upstream: upstream.name, method, status: String(status) });
    if (status >= 200 && status < 300) {
      if (call.expect === 'text') return { status, text, data: null };
      const result = parseSuccess(upstream.name, status, text);
      const contract = checkUpstreamAnswer(upstream.name, method, wirePath, status, result.data, result.text);
      const answer = wire.answer(call.path, result);
      return contract ? { ...answer, contract } : answer;
    }
    if (status >= 300 && status < 400) throw redirectRefused(upstream.name);
    const failure = mapUpstreamFailure(upstream.name, status, text, responseHeaders, wireBody);
    if (status === 429) {
      upstreamRateLimited.inc({ upstream: upstream.name });
      await holdBudget(upstream, failure.retryAfterMs || DEFAULT_RATE_WINDOW_SECONDS[upstream.name] * 1000);
    }
    throw failure;
  };

  const retries = method === 'GET' ? (call.retries ?? settings.retries) : 0;
  const worthRetrying = async (error: unknown, backoffMs: number): Promise<boolean> => {
    if (!(error instanceof UpstreamError) || !error.retryable) return false;
    const wait = error.retryAfterMs ?? 0;
    if (wait > settings.maxRetryAfterMs || performance.now() + wait + backoffMs >= deadline) return false;
    if (wait > 0) await sleep(wait);
    return true;
  };
  try {
    // The first attempt runs outside p-retry, so the usual successful call pays for nothing more.
    try {
      return await attempt();
    } catch (error) {
      const backoff = Math.round(settings.retryMinDelayMs * (1 + Math.random()));
      if (retries === 0 || !(await worthRetrying(error, backoff))) throw error;
      await sleep(backoff);
    }
    return await pRetry(attempt, {
      retries: retries - 1,
      factor: 2,
      minTimeout: settings.retryMinDelayMs * 2,
      maxTimeout: settings.retryMaxDelayMs,
      randomize: true,
      shouldRetry: ({ error }) => worthRetrying(error, 0),
    });
  } catch (error) {
    const failure = error instanceof ApiError ? error : transportError(upstream.name, error);
    // Client-side errors (404, validation) are routine; outages and key problems need attention.
    const level = failure.status >= 500 || failure.status === 429 ? 'warn' : 'debug';
    log[level](
      {
        requestId: currentRequestId(),
        upstream: upstream.name,
        method,
        path: wirePath,
        status: failure.status,
        code: failure.code,
      },
      'upstream request failed',
    );
    throw failure;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function parseSuccess(name: UpstreamName, status: number, text: string): UpstreamResult {
  if (text.trim() === '') return { status, text: '', data: null };
  try {
    return { status, text, data: JSON.parse(text) };
  } catch {
    throw upstreamError(
      502,
      'UPSTREAM_BAD_RESPONSE',
      `The ${UPSTREAM_LABEL[name]} answered ${status} with a body that is not JSON`,
    );
  }
}

function upstreamError(
  status: number,
  code: ErrorCode,
  message: string,
  options: { fields?: FieldError[]; headers?: Record<string, string> } = {},
): UpstreamError {
  return new UpstreamError(status, code, message, options);
}

function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorMessages(error: unknown): string {
  const messages: string[] = [];
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) messages.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return messages.join(': ');
}

/** Following a redirect could hand the console's key to another host. */
function redirectRefused(name: UpstreamName): UpstreamError {
  return upstreamError(
    502,
    'UPSTREAM_BAD_RESPONSE',
    `The ${UPSTREAM_LABEL[name]} answered with a redirect, which the console does not follow`,
  );
}

const TIMEOUT_ERRORS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ABORT_ERR']);

function transportError(name: UpstreamName, error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const label = UPSTREAM_LABEL[name];
  const code = errorCode(error);
  if (code && TIMEOUT_ERRORS.has(code)) {
    return upstreamError(504, 'UPSTREAM_TIMEOUT', `The ${label} did not answer in time`);
  }
  if (/redirect/i.test(errorMessages(error))) return redirectRefused(name);
  if (code && CONNECT_ERRORS.has(code)) {
    const failure = upstreamError(502, 'UPSTREAM_UNAVAILABLE', `The ${label} cannot be reached (${code})`);
    failure.retryable = true;
    return failure;
  }
  return upstreamError(502, 'UPSTREAM_UNAVAILABLE', `The ${label} request failed${code ? ` (${code})` : ''}`);
}

/** Response headers as undici's `request` (plain object) or `fetch` (`Headers`) gives them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Seconds until the upstream accepts requests again, from `Retry-After` or `X-RateLimit-Reset`. */
export function retryAfterSeconds(headers: HeaderSource): number | undefined {
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, (date - Date.now()) / 1000);
  }
  const reset = Number(header(headers, 'x-ratelimit-reset') ?? Number.NaN);
  if (Number.isFinite(reset) && reset >= 0) {
    // Some gateways send an epoch time, others a delta; an epoch is far beyond any window.
    return reset > 1e9 ? Math.max(0, reset - Date.now() / 1000) : reset;
  }
  return undefined;
}

/** `requestBody` as it was sent, in the upstream's names; field paths come back in the console's. */
export function mapUpstreamFailure(
  name: UpstreamName,
  status: number,
  text: string,
  headers: HeaderSource,
  requestBody?: unknown,
): UpstreamError {
  const label = UPSTREAM_LABEL[name];
  const { code, message, full } = readUpstreamMessage(text);
  const detail = message || STATUS_CODES[status] || `status ${status}`;
  let failure: UpstreamError;

  if (status === 401) {
    failure = upstreamError(502, 'UPSTREAM_UNAUTHORIZED', `The ${label} rejected the console's API key: ${detail}`);
  } else if (status === 429) {
    const seconds = retryAfterSeconds(headers);
    const retryAfter = Math.max(1, Math.ceil(seconds ?? DEFAULT_RATE_WINDOW_SECONDS[name]));
    failure = upstreamError(
      429,
      'UPSTREAM_RATE_LIMITED',
      `The ${label} is rate limiting the console; retry in ${retryAfter} s`,
      {
        headers: { 'retry-after': String(retryAfter) },
      },
    );
    failure.retryable = true;
    failure.retryAfterMs = seconds === undefined ? 0 : seconds * 1000;
  } else if (status === 504) {
    failure = upstreamError(
      504,
      'UPSTREAM_TIMEOUT',
      `The ${label}'s gateway timed out (${detail}); the operation may still complete, so check before retrying it`,
    );
    failure.retryable = true;
  } else if (status >= 500) {
    failure = upstreamError(502, 'UPSTREAM_ERROR', `The ${label} failed (${status}): ${detail}`);
    failure.retryable = RETRYABLE_STATUSES.has(status);
    const seconds = retryAfterSeconds(headers);
    if (seconds !== undefined) failure.retryAfterMs = seconds * 1000;
  } else if (status >= 400) {
    let fields: FieldError[] = [];
    // The query host's 400s are the database's own words about the SQL, not about a form's field.
    if (status === 400 && message && name !== 'query') {
      fields =
        name === 'observability'
          ? fieldsFromValidationMessage(message)
          : wireFor(name).fields(fieldsFromCloudMessage(message, requestBody));
    }
    // An upstream code outside the console's vocabulary gives way to the status's own name.
    const mappedCode: ErrorCode = isErrorCode(code)
      ? code
      : name === 'observability' && fields.length > 0
        ? 'VALIDATION_FAILED'
        : (codeForStatus(status) ?? 'UPSTREAM_REJECTED');
    // The upstream's own words, verbatim: they name the problem better than anything we could add.
    failure = upstreamError(status, mappedCode, full || detail, { fields });
  } else {
    failure = upstreamError(502, 'UPSTREAM_BAD_RESPONSE', `The ${label} answered with unexpected status ${status}`);
  }
  failure.upstreamStatus = status;
  return failure;
}

export interface ProbeResult {
  reachable: boolean;
  latencyMs: number | null;
  /** Set when the upstream answered but not with success, e.g. `UPSTREAM_UNAUTHORIZED`. */
  error?: string;
}

/** A single quick request for health checks: no retries, short deadline. */
export async function probe(upstream: UpstreamConfig, path: string, timeoutMs = 3_000): Promise<ProbeResult> {
  const started = performance.now();
  try {
    await upstreamRequest({ upstream, method: 'GET', path, timeoutMs, retries: 0, cache: false, queueMs: timeoutMs });
    return { reachable: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const apiError = error instanceof ApiError ? error : undefined;
    const answered = error instanceof UpstreamError && error.upstreamStatus !== undefined;
    return {
      reachable: answered,
      latencyMs: answered ? latencyMs : null,
      error: apiError?.code ?? 'UPSTREAM_UNAVAILABLE',
    };
  }
}
