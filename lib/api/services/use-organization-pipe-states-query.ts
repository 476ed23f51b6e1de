import { useQueries } from '@tanstack/react-query';
import type { ServicePipeMetrics } from '@/lib/pipes/metrics/views';
import { serviceIsAsleep } from '@/lib/services/service-state';
import { metricsRefetchMs, pipeMetricsKeys } from '../pipe-metrics/keys';
import { getServicePipeMetrics } from '../pipe-metrics/use-service-pipe-metrics-query';
import { useServicesQuery, type ServiceSummary } from './use-services-query';

/** A pipe as the overview shows it: its name and state as the newest metrics scrape saw them. */
export interface PipeState {
  id: string;
  /** Absent when the upstream's metrics carried no `clickpipe_name` for it. */
  name?: string;
  state?: string;
}

/** One service with its pipes' states: read, on the way, failed, or not read because the service sleeps. */
export interface ServicePipes {
  service: ServiceSummary;
  asleep: boolean;
  pipes?: PipeState[];
  /** When the newest scrape was taken (the states are as of then). */
  sampledAt?: number | null;
  isPending: boolean;
  error: unknown;
}

/**
 * Every service of the organization with its pipes' names and states, from the console's own
 * pipe-metrics routes (under the same keys as each service's pipes page): the server samples every
 * service from one organization-wide scrape, so the overview costs the cloud API the services list
 * and nothing per service, however many people have it open. The states are as of the newest scrape
 * (`PIPE_METRICS_INTERVAL_MS`); a sleeping service's pipes are not read.
 */
export function useOrganizationPipeStatesQuery(organizationId: string) {
  const services = useServicesQuery(organizationId);
  const list = services.data ?? [];
  const metrics = useQueries({
    queries: list.map((service) => ({
      queryKey: pipeMetricsKeys.service(organizationId, service.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getServicePipeMetrics(organizationId, service.id, signal),
      refetchInterval: (query: { state: { data?: ServicePipeMetrics } }) =>
        metricsRefetchMs(query.state.data?.intervalMs),
      enabled: !serviceIsAsleep(service.state),
    })),
  });
  const perService: ServicePipes[] = list.map((service, index) => {
    const query = metrics[index];
    const asleep = serviceIsAsleep(service.state);
    const data = query?.data;
    // A scrape that failed before any succeeded leaves nothing to show: that is the service's error.
    const unread = data && data.sampledAt === null && data.failure ? new Error(data.failure.message) : null;
    return {
      service,
      asleep,
      pipes:
        data && !unread ? Object.values(data.pipes).map(({ id, name, state }) => ({ id, name, state })) : undefined,
      sampledAt: data?.sampledAt,
      isPending: !asleep && (query?.isPending ?? true),
      error: query?.error ?? unread,
    };
  });
  return { services, perService };
}
