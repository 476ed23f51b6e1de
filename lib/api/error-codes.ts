/**
 * Every `code` an error answer of the console carries, and the HTTP status it answers with: one
 * closed vocabulary for the BFF (lib/server/errors.ts) and the browser (lib/api/client.ts). A code
 * marked "the upstream's status" passes an upstream refusal through with the status upstream gave.
 */
export const ERROR_CODE_STATUS = {
  // Generic, one per status: an upstream refusal or a failed answer that says nothing more.
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422,
  FAILED_DEPENDENCY: 424,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  /** Any other answer outside 2xx, as the browser saw it (a proxy's 418, say). */
  HTTP_ERROR: 500,

  // The request
  VALIDATION_FAILED: 400,
  INVALID_PARAMETER: 400,
  INVALID_JSON: 400,
  BODY_TOO_DEEP: 400,
  FOREIGN_ORIGIN: 403,
  PRECONDITION_FAILED: 412,
  PRECONDITION_REQUIRED: 428,
  SAVE_IN_PROGRESS: 409,
  LOCKOUT_CONFIRMATION_REQUIRED: 409,
  CONSOLE_KEY_UNKNOWN: 409,
  UNQUERYABLE_NAME: 422,
  /** A service path parameter naming no service of the console's organization. */
  SERVICE_NOT_FOUND: 404,

  // Signing in and accounts
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  LOCAL_SIGN_IN_OFF: 403,
  SSO_NOT_CONFIGURED: 404,
  PASSWORD_FROM_ENVIRONMENT: 409,
  SSO_ACCOUNT: 409,
  TOO_MANY_ATTEMPTS: 429,

  // The console itself
  SESSION_NOT_CONFIGURED: 503,
  SHARED_STATE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,

  // History: versions, restores and the pipe history
  OBJECT_GONE: 404,
  VERSION_NOT_FOUND: 404,
  NOT_DELETED: 404,
  NOT_RESTORABLE_AS_NEW: 409,
  ALREADY_RESTORED: 409,
  HISTORY_UNAVAILABLE: 503,

  // The upstreams
  UPSTREAM_NOT_CONFIGURED: 503,
  UPSTREAM_UNAUTHORIZED: 502,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_BAD_RESPONSE: 502,
  UPSTREAM_ERROR: 502,
  UNEXPECTED_TABLE: 502,
  UPSTREAM_TIMEOUT: 504,
  UPSTREAM_RATE_LIMITED: 429,
  UPSTREAM_BUDGET_EXHAUSTED: 429,
  /** A 4xx refusal with no better name; the upstream's status. */
  UPSTREAM_REJECTED: 400,

  // The browser's own
  /** No HTTP answer arrived at all. */
  NETWORK_ERROR: 0,
  /** An answer the browser could not use (a dashboard without its ETag). */
  INVALID_RESPONSE: 502,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;

/** Codes that carry the upstream's status rather than their own (a refusal passed through). */
export const PASS_THROUGH_CODES: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_ENTITY',
  'FAILED_DEPENDENCY',
  'VALIDATION_FAILED',
  'UPSTREAM_REJECTED',
];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODE_STATUS, value);
}

/** The generic code of a status, for an answer that names no code of its own. */
export function codeForStatus(status: number): ErrorCode | undefined {
  return STATUS_CODES.get(status);
}

const GENERIC: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_ENTITY',
  'FAILED_DEPENDENCY',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
];
const STATUS_CODES = new Map<number, ErrorCode>(GENERIC.map((code) => [ERROR_CODE_STATUS[code], code]));
