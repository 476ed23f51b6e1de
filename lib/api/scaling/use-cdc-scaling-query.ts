import { useQuery } from '@tanstack/react-query';
import type { CdcScaling } from '@/lib/schemas/scaling';
import { ApiRequestError, cloudFetch, servicePath } from '../client';
import type { QueryOptions } from '../query-options';
import { scalingKeys } from './keys';

/**
 * The upstream answers 400 (or 404) until a Postgres pipe has been provisioned on the service.
 * The request has no body and its ids come from the server's configuration, so those statuses
 * mean "not available yet", which the fetcher returns as `null` rather than as an error.
 */
export function isScalingUnavailable(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 400 || error.status === 404);
}

/** The service's shared database-pipe (CDC) scaling; `null` until the service has one. */
export async function getCdcScaling(
  organizationId: string,
  serviceId: string,
  signal?: AbortSignal,
): Promise<CdcScaling | null> {
  try {
    return await cloudFetch<CdcScaling>(servicePath(organizationId, serviceId, 'datapipesCdcScaling'), { signal });
  } catch (error) {
    if (isScalingUnavailable(error)) return null;
    throw error;
  }
}

export function useCdcScalingQuery<TData = CdcScaling | null>(
  organizationId: string,
  serviceId: string,
  options: QueryOptions<CdcScaling | null, TData> = {},
) {
  return useQuery<CdcScaling | null, ApiRequestError, TData>({
    queryKey: scalingKeys.cdc(organizationId, serviceId),
    queryFn: ({ signal }) => getCdcScaling(organizationId, serviceId, signal),
    ...options,
  });
}
