import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { BUDGET_EXHAUSTED } from './budget-waits';
import { announceSuccess, successText } from '@/lib/notifications/toasts';
import { ApiRequestError, NETWORK_ERROR_STATUS } from './client';
import { redirectToLogin } from './session/login-href';
import { SKIP_AUTH_REDIRECT } from './session/types';

const BUDGET_RETRIES = 3;

/** How long an answer counts as fresh: shown without reading again when a page or tile asks for it. */
export const FRESH_FOR_MS = 15_000;

/**
 * Only a request that never reached the BFF, or one the upstream budget could not serve yet, is
 * worth repeating here: other 4xx answers will not change, and the BFF already retries the
 * upstream (with backoff) for reads that failed with 5xx.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.code === BUDGET_EXHAUSTED) return failureCount < BUDGET_RETRIES;
  if (error instanceof ApiRequestError && error.status !== NETWORK_ERROR_STATUS) return false;
  return failureCount < 1;
}

/** As the BFF said ("retrying in N s"); otherwise react-query's own backoff. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiRequestError && error.code === BUDGET_EXHAUSTED && error.retryAfter !== undefined)
    return Math.max(1, error.retryAfter) * 1000;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

export function createQueryClient(onUnauthorized: () => void = redirectToLogin): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      // A mutation that names its success in `meta.success` gets a message once the change is made.
      onSuccess: (data, variables, _onMutateResult, mutation) => {
        const message = successText(mutation.meta, data, variables);
        if (message) announceSuccess(message);
      },
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (mutation.meta?.[SKIP_AUTH_REDIRECT]) return;
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: FRESH_FOR_MS },
      mutations: { retry: false },
    },
  });
}
