import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCKOUT_CONFIRM_HEADER } from '@/lib/keys/console-key';
import type { KeyRecord } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { keyKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

export interface KeyDeleteVariables {
  keyId: string;
  /** The person typed the key's name to confirm deleting the console's own key. */
  confirmLockout?: boolean;
}

/** Deletes an API key. */
export function deleteKey(organizationId: string, { keyId, confirmLockout }: KeyDeleteVariables): Promise<unknown> {
  return cloudFetch<unknown>(cloudPath(organizationId, 'keys', keyId), {
    method: 'DELETE',
    headers: confirmLockout ? { [LOCKOUT_CONFIRM_HEADER]: keyId } : undefined,
  });
}

export function useKeyDeleteMutation(
  organizationId: string,
  { onSuccess, ...options }: MutationOptions<unknown, KeyDeleteVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, KeyDeleteVariables>({
    meta: successMessage('Key deleted'),
    mutationFn: (variables) => deleteKey(organizationId, variables),
    ...options,
    onSuccess: async (result, variables, onMutateResult, context) => {
      queryClient.removeQueries({ queryKey: keyKeys.detail(organizationId, variables.keyId) });
      queryClient.setQueryData<KeyRecord[]>(keyKeys.list(organizationId), (list) =>
        list?.filter((item) => item.id !== variables.keyId),
      );
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
      await onSuccess?.(result, variables, onMutateResult, context);
    },
  });
}
