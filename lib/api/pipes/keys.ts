/** Query keys of data pipes, in the order every family follows: organization, service, kind, id. */
export const pipeKeys = {
  all: ['pipes'] as const,
  service: (organizationId: string, serviceId: string) => [...pipeKeys.all, organizationId, serviceId] as const,
  list: (organizationId: string, serviceId: string) =>
    [...pipeKeys.service(organizationId, serviceId), 'list'] as const,
  detail: (organizationId: string, serviceId: string, pipeId: string) =>
    [...pipeKeys.service(organizationId, serviceId), 'detail', pipeId] as const,
};

/** How often a view showing a pipe in a transitional state asks again. */
export const PIPE_POLL_INTERVAL_MS = 2_000;
