/**
 * Next bundles lib/server into each route's code: two copies of errors.ts in one process. The upstream
 * budget queues are shared by the whole process, so one route's copy refuses another route's call.
 */
import { describe, expect, it, vi } from 'vitest';

async function freshCopy(): Promise<typeof import('./errors')> {
  vi.resetModules();
  return import('./errors');
}

describe('ApiError made by another copy of the module', () => {
  it('is still an ApiError, so the user gets its status (429) instead of a 502', async () => {
    const first = await freshCopy();
    const second = await freshCopy();
    expect(first.ApiError).not.toBe(second.ApiError);
    const refusal = new first.ApiError(429, 'UPSTREAM_BUDGET_EXHAUSTED', 'The cloud API budget is exhausted');
    expect(refusal instanceof second.ApiError).toBe(true);
    expect(new Error('plain') instanceof second.ApiError).toBe(false);
  });

  it('leaves the check of a subclass as it was', async () => {
    const { ApiError } = await freshCopy();
    class Narrower extends ApiError {}
    expect(new ApiError(400, 'BAD_REQUEST', 'x') instanceof Narrower).toBe(false);
    expect(new Narrower(400, 'BAD_REQUEST', 'x') instanceof Narrower).toBe(true);
    expect(new Narrower(400, 'BAD_REQUEST', 'x') instanceof ApiError).toBe(true);
  });
});
