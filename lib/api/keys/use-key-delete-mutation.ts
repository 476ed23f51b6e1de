import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyRecord } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath } from '../client';
import { keyKeys } from './keys';

export function useKeyDeleteMutation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => cloudFetch<unknown>(cloudPath(organizationId, 'keys', keyId), { method: 'DELETE' }),
    onSuccess: async (_result, keyId) => {
      queryClient.removeQueries({ queryKey: keyKeys.detail(organizationId, keyId) });
      queryClient.setQueryData<KeyRecord[]>(keyKeys.list(organizationId), (list) =>
        list?.filter((item) => item.id !== keyId),
      );
      await queryClient.invalidateQueries({ queryKey: keyKeys.list(organizationId) });
    },
  });
}
