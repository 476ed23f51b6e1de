import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyCreateRequest, KeyCreateResult } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath } from '../client';
import { keyKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

export function useKeyCreateMutation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<{ key: { name: string } }>(({ key }) => `Key “${key.name}” created`),
    // The result carries the one-time secret: drop it from the mutation cache as soon as the
    // dialog that shows it is gone.
    gcTime: 0,
    mutationFn: (request: KeyCreateRequest) =>
      cloudFetch<KeyCreateResult>(cloudPath(organizationId, 'keys'), { method: 'POST', body: request }),
    // Only the record goes into the cache: the one-time secret must not outlive the dialog showing it.
    onSuccess: async ({ key }) => {
      queryClient.setQueryData(keyKeys.detail(organizationId, key.id), key);
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
    },
  });
}
