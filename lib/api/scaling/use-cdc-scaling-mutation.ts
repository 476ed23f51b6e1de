import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CdcScaling } from '@/lib/schemas/scaling';
import { cloudFetch, servicePath } from '../client';
import { scalingKeys } from './keys';

export function useCdcScalingMutation(organizationId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scaling: CdcScaling) =>
      cloudFetch<CdcScaling>(servicePath(organizationId, serviceId, 'datapipesCdcScaling'), {
        method: 'PATCH',
        body: scaling,
      }),
    onSuccess: async (scaling) => {
      if (scaling) queryClient.setQueryData(scalingKeys.cdc(organizationId, serviceId), scaling);
      await queryClient.invalidateQueries({ queryKey: scalingKeys.cdc(organizationId, serviceId) });
    },
  });
}
