import { codeForStatus, isErrorCode, type ErrorCode } from './error-codes';
import type { CloudEnvelope, HttpMethod } from './http-types';
import { noteUnexpectedAnswer } from './unexpected-answers';
import { requestTask } from './request-task';
/** One field-level problem reported by the BFF; `path` is dotted like react-hook-form names. */
export interface ApiFieldError {
  path: string;
  message: string;
}

export interface ApiRequestErrorInit {
  status: number;
  code: ErrorCode;
  message: string;
  requestId?: string;
  fields?: ApiFieldError[];
  retryAfter?: number;
  /** The parsed JSON error body, for errors that carry more than a message (a 412's current version). */
  body?: Record<string, unknown>;
}

/** Status used for failures where no HTTP response arrived at all. */
export const NETWORK_ERROR_STATUS = 0;

/** A failed request to the console's API, as the browser sees it (the BFF's own error is ApiError in lib/server/errors.ts). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly requestId: string | undefined;
  readonly fields: ApiFieldError[];
  /** Seconds to wait before retrying, from `Retry-After` (429/503). */
  readonly retryAfter: number | undefined;
  readonly body: Record<string, unknown> | undefined;

  constructor(init: ApiRequestErrorInit) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.fields = init.fields ?? [];
    this.retryAfter = init.retryAfter;
    this.body = init.body;
  }
}

export function isApiRequestError(value: unknown): value is ApiRequestError {
  return value instanceof ApiRequestError;
}

/** The code of an answer that names none of its own. */
function codeOf(status: number): ErrorCode {
  return codeForStatus(status) ?? 'HTTP_ERROR';
}

/** Reads `Retry-After` as delta-seconds or an HTTP date; returns whole seconds, never negative. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFields(value: unknown): ApiFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string'
      ? [{ path: item.path, message: item.message }]
      : [],
  );
}

/** Upstream messages look like `BAD_REQUEST: name is too long`; the code is shown separately. */
function stripCodePrefix(message: string, code: string): string {
  const prefix = `${code}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

const MAX_TEXT_MESSAGE = 300;

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

/**
 * Builds an ApiRequestError from any failed response body: the BFF's JSON error, the open-source
 * surface's `{message}` shape, plain text, HTML from a proxy, or nothing at all.
 */
export function errorFromBody(
  status: number,
  statusText: string,
  bodyText: string,
  headers: Pick<Headers, 'get'>,
  now: number = Date.now(),
): ApiRequestError {
  const retryAfter =
    parseRetryAfter(headers.get('Retry-After'), now) ?? parseRetryAfter(headers.get('X-RateLimit-Reset'), now);
  const fallbackMessage = statusText.trim() || `Request failed with status ${status}`;

  let parsed: unknown;
  try {
    parsed = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    parsed = undefined;
  }

  if (isRecord(parsed)) {
    const code = isErrorCode(parsed.code) ? parsed.code : codeOf(status);
    const rawMessage =
      typeof parsed.error === 'string' ? parsed.error : typeof parsed.message === 'string' ? parsed.message : '';
    return new ApiRequestError({
      status,
      code,
      message: stripCodePrefix(rawMessage.trim(), code) || fallbackMessage,
      requestId: typeof parsed.requestId === 'string' ? parsed.requestId : undefined,
      fields: parseFields(parsed.fields),
      retryAfter,
      body: parsed,
    });
  }

  const text = bodyText.trim();
  const message =
    text && !looksLikeHtml(text) && parsed === undefined
      ? text.length > MAX_TEXT_MESSAGE
        ? `${text.slice(0, MAX_TEXT_MESSAGE)}…`
        : text
      : fallbackMessage;
  return new ApiRequestError({ status, code: codeOf(status), message, retryAfter });
}

export async function parseApiError(response: Response): Promise<ApiRequestError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  return errorFromBody(response.status, response.statusText, text, response.headers);
}

export type { CloudEnvelope, HttpMethod } from './http-types';

export interface ApiFetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `If-Match`. */
  headers?: Record<string, string>;
  /** The browser's priority for the request among the page's others (`RequestInit.priority`). */
  priority?: RequestPriority;
}

/** Same-origin JSON fetch against the BFF; throws ApiRequestError for every failure it can describe. */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/**
 * One same-origin request to the BFF, answered OK: a failure to connect or a non-2xx answer throws
 * ApiRequestError. The body is left unread, for callers that want JSON or text.
 */
export async function apiResponse(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  await requestTask();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
      ...(options.priority ? { priority: options.priority } : {}),
    });
  } catch (cause) {
    // An abort is react-query cancelling the request, not a failure to report.
    if (signal?.aborted) throw cause;
    throw new ApiRequestError({
      status: NETWORK_ERROR_STATUS,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the Sluice server. Check your connection and try again.',
    });
  }

  if (!response.ok) throw await parseApiError(response);
  noteUnexpectedAnswer(path, response.headers);
  return response;
}

/** `apiFetch`, also giving the response headers (e.g. `ETag`). */
export async function apiFetchWithHeaders<T>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await apiResponse(path, options);
  const text = await response.text();
  if (!text) return { data: undefined as T, headers: response.headers };
  try {
    return { data: JSON.parse(text) as T, headers: response.headers };
  } catch {
    throw new ApiRequestError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'The server answered with something that is not JSON.',
    });
  }
}

export async function cloudFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const envelope = await apiFetch<CloudEnvelope<T> | undefined>(path, options);
  return envelope?.result as T;
}

/** `/api/cloud/v1/organizations/{org}/…` with every segment encoded. */
export function cloudPath(organizationId: string, ...segments: string[]): string {
  return ['/api/cloud/v1/organizations', organizationId, ...segments]
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** `/api/cloud/v1/organizations/{org}/services/{svc}/…`. */
export function servicePath(organizationId: string, serviceId: string, ...segments: string[]): string {
  return cloudPath(organizationId, 'services', serviceId, ...segments);
}
