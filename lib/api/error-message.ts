import { ApiRequestError, NETWORK_ERROR_STATUS } from './client';

/** What to tell a person about a failed request, in one sentence or two. */
export function describeApiError(error: unknown): string {
  if (!(error instanceof ApiRequestError)) {
    return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';
  }
  switch (error.status) {
    case NETWORK_ERROR_STATUS:
      return error.message;
    case 401:
      return 'Your session has ended. Sign in again to continue.';
    case 403:
      return error.message || "You don't have permission to do this.";
    case 429:
      return error.retryAfter !== undefined
        ? `Too many requests, try again in ${Math.max(1, error.retryAfter)} s.`
        : 'Too many requests, try again in a moment.';
    // 502/504 messages come from the BFF already naming the upstream and what it answered.
    default:
      return error.message;
  }
}
