import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCKOUT_CONFIRM_HEADER } from '@/lib/keys/console-key';
import type { KeyRecord, KeyUpdateRequest } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath } from '../client';
import { keyKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

export interface KeyUpdateVariables {
  keyId: string;
  patch: KeyUpdateRequest;
  /** The person typed the key's name to confirm cutting the console off (its own key). */
  confirmLockout?: boolean;
}

export function useKeyUpdateMutation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<KeyRecord>((key) => `Key “${key.name}” saved`),
    mutationFn: ({ keyId, patch, confirmLockout }: KeyUpdateVariables) =>
      cloudFetch<KeyRecord>(cloudPath(organizationId, 'keys', keyId), {
        method: 'PATCH',
        body: patch,
        headers: confirmLockout ? { [LOCKOUT_CONFIRM_HEADER]: keyId } : undefined,
      }),
    onSuccess: async (key) => {
      queryClient.setQueryData(keyKeys.detail(organizationId, key.id), key);
      queryClient.setQueryData<KeyRecord[]>(keyKeys.list(organizationId), (list) =>
        list?.map((item) => (item.id === key.id ? key : item)),
      );
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
    },
  });
}
