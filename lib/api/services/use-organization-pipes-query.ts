import { useQueries } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { serviceIsAsleep } from '@/lib/services/service-state';
import { pipeKeys } from '../pipes/keys';
import { getPipes } from '../pipes/use-pipes-query';
import { useServicesQuery, type ServiceSummary } from './use-services-query';

/** One service with its pipes: read, on the way, failed, or not read because the service sleeps. */
export interface ServicePipes {
  service: ServiceSummary;
  asleep: boolean;
  pipes?: PipeRecord[];
  isPending: boolean;
  error: unknown;
}

/**
 * Every service of the organization with its pipes list, read side by side under the same keys as
 * each service's pipes page (so the page a link opens is already painted). A sleeping service's
 * pipes are not read.
 */
export function useOrganizationPipesQuery(organizationId: string) {
  const services = useServicesQuery(organizationId);
  const list = services.data ?? [];
  const pipes = useQueries({
    queries: list.map((service) => ({
      queryKey: pipeKeys.list(organizationId, service.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPipes(organizationId, service.id, signal),
      enabled: !serviceIsAsleep(service.state),
    })),
  });
  const perService: ServicePipes[] = list.map((service, index) => {
    const query = pipes[index];
    const asleep = serviceIsAsleep(service.state);
    return {
      service,
      asleep,
      pipes: query?.data,
      isPending: !asleep && (query?.isPending ?? true),
      error: query?.error ?? null,
    };
  });
  return { services, perService };
}
