import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCKOUT_CONFIRM_HEADER } from '@/lib/keys/console-key';
import type { KeyRecord, KeyUpdateRequest } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { keyKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

export interface KeyUpdateVariables {
  keyId: string;
  patch: KeyUpdateRequest;
  /** The person typed the key's name to confirm cutting the console off (its own key). */
  confirmLockout?: boolean;
}

/** Changes an API key. */
export function updateKey(
  organizationId: string,
  { keyId, patch, confirmLockout }: KeyUpdateVariables,
): Promise<KeyRecord> {
  return cloudFetch<KeyRecord>(cloudPath(organizationId, 'keys', keyId), {
    method: 'PATCH',
    body: patch,
    headers: confirmLockout ? { [LOCKOUT_CONFIRM_HEADER]: keyId } : undefined,
  });
}

export function useKeyUpdateMutation(
  organizationId: string,
  { onSuccess, ...options }: MutationOptions<KeyRecord, KeyUpdateVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<KeyRecord, ApiRequestError, KeyUpdateVariables>({
    meta: successMessage<KeyRecord>((key) => `Key “${key.name}” saved`),
    mutationFn: (variables) => updateKey(organizationId, variables),
    ...options,
    onSuccess: async (key, variables, onMutateResult, context) => {
      queryClient.setQueryData(keyKeys.detail(organizationId, key.id), key);
      queryClient.setQueryData<KeyRecord[]>(keyKeys.list(organizationId), (list) =>
        list?.map((item) => (item.id === key.id ? key : item)),
      );
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
      await onSuccess?.(key, variables, onMutateResult, context);
    },
  });
}
