import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyCreateRequest, KeyCreateResult } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { keyKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

/** Creates an API key; the result carries its one-time secret. */
export function createKey(organizationId: string, request: KeyCreateRequest): Promise<KeyCreateResult> {
  return cloudFetch<KeyCreateResult>(cloudPath(organizationId, 'keys'), { method: 'POST', body: request });
}

export function useKeyCreateMutation(
  organizationId: string,
  { onSuccess, ...options }: MutationOptions<KeyCreateResult, KeyCreateRequest> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<KeyCreateResult, ApiRequestError, KeyCreateRequest>({
    meta: successMessage<{ key: { name: string } }>(({ key }) => `Key “${key.name}” created`),
    mutationFn: (request) => createKey(organizationId, request),
    ...options,
    // The result carries the one-time secret: drop it from the mutation cache as soon as the
    // dialog that shows it is gone (whatever the caller asked for).
    gcTime: 0,
    // Only the record goes into the cache: the one-time secret must not outlive the dialog showing it.
    onSuccess: async (result, request, onMutateResult, context) => {
      queryClient.setQueryData(keyKeys.detail(organizationId, result.key.id), result.key);
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
      await onSuccess?.(result, request, onMutateResult, context);
    },
  });
}
