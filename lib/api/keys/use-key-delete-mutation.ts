import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCKOUT_CONFIRM_HEADER } from '@/lib/keys/console-key';
import type { KeyRecord } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath } from '../client';
import { keyKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

export interface KeyDeleteVariables {
  keyId: string;
  /** The person typed the key's name to confirm deleting the console's own key. */
  confirmLockout?: boolean;
}

export function useKeyDeleteMutation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('Key deleted'),
    mutationFn: ({ keyId, confirmLockout }: KeyDeleteVariables) =>
      cloudFetch<unknown>(cloudPath(organizationId, 'keys', keyId), {
        method: 'DELETE',
        headers: confirmLockout ? { [LOCKOUT_CONFIRM_HEADER]: keyId } : undefined,
      }),
    onSuccess: async (_result, { keyId }) => {
      queryClient.removeQueries({ queryKey: keyKeys.detail(organizationId, keyId) });
      queryClient.setQueryData<KeyRecord[]>(keyKeys.list(organizationId), (list) =>
        list?.filter((item) => item.id !== keyId),
      );
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
    },
  });
}
