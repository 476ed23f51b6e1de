import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/api/query-client';
import { successMessage } from './success-meta';
import { currentToasts, dismissToast } from './toasts';

function run(
  client: QueryClient,
  meta: Record<string, unknown> | undefined,
  fn: () => Promise<unknown>,
  variables: unknown,
) {
  return client
    .getMutationCache()
    .build(client, { mutationFn: fn, meta })
    .execute(variables)
    .catch(() => undefined);
}

describe('success messages', () => {
  it('announce a mutation that names its success, with its result and variables, and nothing for a failure', async () => {
    for (const toast of currentToasts()) dismissToast(toast.id);
    const client = createQueryClient(() => undefined);
    await run(
      client,
      successMessage<{ name: string }, string>((pipe, command) => `${command} “${pipe.name}”`),
      async () => ({ name: 'Orders' }),
      'Stopping',
    );
    await run(client, successMessage('Never shown'), async () => Promise.reject(new Error('refused')), undefined);
    await run(client, undefined, async () => 'no message', undefined);
    expect(currentToasts().map((t) => t.message)).toEqual(['Stopping “Orders”']);
  });
});
