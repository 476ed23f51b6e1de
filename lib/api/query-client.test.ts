import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

const error = (status: number) => new ApiRequestError({ status, code: 'HTTP_ERROR', message: 'x' });

describe('shouldRetry', () => {
  it('never retries 4xx answers', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, error(status))).toBe(false);
  });

  it('leaves 5xx to the BFF, which already retried the upstream', () => {
    for (const status of [500, 502, 503, 504]) expect(shouldRetry(0, error(status))).toBe(false);
  });

  it('retries a request that never reached the server once', () => {
    expect(shouldRetry(0, error(0))).toBe(true);
    expect(shouldRetry(1, error(0))).toBe(false);
  });

  it('retries a read the shared upstream budget could not serve yet, when the BFF said, three times', () => {
    const exhausted = new ApiRequestError({
      status: 429,
      code: 'UPSTREAM_BUDGET_EXHAUSTED',
      message: 'retrying in 7 s',
      retryAfter: 7,
    });
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, exhausted))).toEqual([true, true, true, false]);
    expect(retryDelay(1, exhausted)).toBe(7_000);
    expect(retryDelay(1, error(0))).toBe(2_000);
  });
});

describe('createQueryClient', () => {
  it('sends the person to sign in when a query answers 401', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(error(401)),
      })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 of a mutation marked skipAuthRedirect to the mutation', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(error(401)),
      meta: { skipAuthRedirect: true },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
