import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyRecord, KeyUpdateRequest } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath } from '../client';
import { keyKeys } from './keys';

export interface KeyUpdateVariables {
  keyId: string;
  patch: KeyUpdateRequest;
}

export function useKeyUpdateMutation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keyId, patch }: KeyUpdateVariables) =>
      cloudFetch<KeyRecord>(cloudPath(organizationId, 'keys', keyId), { method: 'PATCH', body: patch }),
    onSuccess: async (key) => {
      queryClient.setQueryData(keyKeys.detail(organizationId, key.id), key);
      queryClient.setQueryData<KeyRecord[]>(keyKeys.list(organizationId), (list) =>
        list?.map((item) => (item.id === key.id ? key : item)),
      );
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
    },
  });
}
