import { randomUUID } from 'node:crypto';
import type { $ZodError } from 'zod/v4/core';
import type { ErrorCode } from '@/lib/api/error-codes';

export type { ErrorCode } from '@/lib/api/error-codes';

export interface FieldError {
  path: string;
  message: string;
}

/** The body of every BFF error, a superset of the cloud surface's 400 body. */
export interface ErrorBody {
  status: number;
  error: string;
  code: ErrorCode;
  requestId: string;
  fields?: FieldError[];
}

export interface ApiErrorOptions {
  fields?: FieldError[];
  headers?: Record<string, string>;
  cause?: unknown;
}

/** Marks every ApiError, whichever copy of this module made it. */
const API_ERROR = Symbol.for('sluice.api-error');

/**
 * An error meant for the browser: its message and fields are safe to show. Its code is one of the
 * console's vocabulary (lib/api/error-codes.ts), answered with that code's status; only an upstream
 * refusal passed through keeps the upstream's status (errors.test.ts checks every code thrown).
 */
export class ApiError extends Error {
  /**
   * Next bundles this module into each route's code, while the upstream budget queues live on
   * globalThis for the whole process: a refusal made by one route's copy reaches another route,
   * whose own class would not recognise it and would turn the user's clear 429 into a 502. So
   * `instanceof ApiError` asks for the mark; subclasses keep the ordinary check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ApiError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true;
  }

  readonly [API_ERROR] = true;
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = code;
    if (options.fields?.length) this.fields = options.fields;
    if (options.headers) this.headers = options.headers;
  }
}

export function newRequestId(): string {
  return randomUUID();
}

/** `['ipAccessList', 0, 'source']` → `ipAccessList.0.source`, the form libraries' path syntax. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

/** A zod error, or issues found by a check of its own with the same shape. */
type IssueList = Pick<$ZodError, 'issues'> | { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

export function validationError(error: IssueList, what = 'Request body'): ApiError {
  const fields: FieldError[] = [];
  const general: string[] = [];
  for (const issue of error.issues) {
    if (issue.path.length === 0) general.push(issue.message);
    else fields.push({ path: dottedPath(issue.path), message: issue.message });
  }
  const summary = [...general, ...fields.map((f) => `${f.path}: ${f.message}`)].join('; ');
  return new ApiError(400, 'VALIDATION_FAILED', `${what} is invalid: ${summary}`, { fields });
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } as const;

export function errorResponse(error: ApiError, requestId: string = newRequestId()): Response {
  const body: ErrorBody = { status: error.status, error: error.message, code: error.code, requestId };
  if (error.fields) body.fields = error.fields;
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { ...JSON_HEADERS, ...error.headers, 'x-request-id': requestId },
  });
}

/** Responds with already-serialised JSON, so pass-through bodies are not serialised twice. */
export function jsonTextResponse(text: string, status = 200, headers?: Record<string, string>): Response {
  return new Response(text, { status, headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS });
}

export function jsonResponse(value: unknown, status = 200, headers?: Record<string, string>): Response {
  return jsonTextResponse(JSON.stringify(value), status, headers);
}

export const internalError = (): ApiError =>
  new ApiError(500, 'INTERNAL_ERROR', 'The console failed to handle the request; details are in its log');
