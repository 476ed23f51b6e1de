import { STATUS_CODES } from 'node:http';
import { json, type Headers, type Reply } from '../http/respond';
import { newUuid } from '../prng';

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BAD_REQUEST',
  424: 'FAILED_DEPENDENCY',
  429: 'TOO_MANY_REQUESTS',
};

export function errorCode(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

/** A handler returns this to answer plain text instead of an envelope (the Prometheus endpoints). */
export class PlainTextResult {
  constructor(readonly text: string) {}
}

/** A handler returns this to answer an envelope without `result` (deletions). */
export const NO_RESULT = Symbol('no-result');

export function success(result: unknown): Reply {
  const body: Record<string, unknown> = { status: 200, requestId: newUuid() };
  if (result !== NO_RESULT) body.result = result;
  return json(body, 200);
}

export function failure(status: number, message?: string, headers?: Headers): Reply {
  const text = message ?? (STATUS_CODES[status] ?? 'error').toLowerCase();
  return json({ status, error: `${errorCode(status)}: ${text}`, requestId: newUuid() }, status, headers);
}
