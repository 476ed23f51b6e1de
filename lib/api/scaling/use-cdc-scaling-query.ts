import { useQuery } from '@tanstack/react-query';
import type { CdcScaling } from '@/lib/schemas/scaling';
import { ApiRequestError, cloudFetch, servicePath } from '../client';
import { scalingKeys } from './keys';

/**
 * The upstream answers 400 (or 404) until a Postgres pipe has been provisioned on the service.
 * The request has no body and its ids come from the server's configuration, so those statuses
 * mean "not available yet", which the hook returns as `null` rather than as an error.
 */
export function isScalingUnavailable(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 400 || error.status === 404);
}

export function useCdcScalingQuery(organizationId: string, serviceId: string) {
  return useQuery({
    queryKey: scalingKeys.cdc(organizationId, serviceId),
    queryFn: async ({ signal }): Promise<CdcScaling | null> => {
      try {
        return await cloudFetch<CdcScaling>(servicePath(organizationId, serviceId, 'datapipesCdcScaling'), { signal });
      } catch (error) {
        if (isScalingUnavailable(error)) return null;
        throw error;
      }
    },
  });
}
