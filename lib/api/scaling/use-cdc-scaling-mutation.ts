import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CdcScaling } from '@/lib/schemas/scaling';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { scalingKeys } from './keys';

/** Changes the service's shared database-pipe (CDC) scaling. */
export function patchCdcScaling(organizationId: string, serviceId: string, scaling: CdcScaling): Promise<CdcScaling> {
  return cloudFetch<CdcScaling>(servicePath(organizationId, serviceId, 'datapipesCdcScaling'), {
    method: 'PATCH',
    body: scaling,
  });
}

export function useCdcScalingMutation(
  organizationId: string,
  serviceId: string,
  { onSuccess, ...options }: MutationOptions<CdcScaling, CdcScaling> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<CdcScaling, ApiRequestError, CdcScaling>({
    mutationFn: (scaling) => patchCdcScaling(organizationId, serviceId, scaling),
    ...options,
    onSuccess: async (scaling, variables, onMutateResult, context) => {
      if (scaling) queryClient.setQueryData(scalingKeys.cdc(organizationId, serviceId), scaling);
      await queryClient.invalidateQueries({ queryKey: scalingKeys.cdc(organizationId, serviceId) });
      await onSuccess?.(scaling, variables, onMutateResult, context);
    },
  });
}
