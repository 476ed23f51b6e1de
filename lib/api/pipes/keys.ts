/** Query keys of data pipes; every key of this resource starts with `pipeKeys.all`. */
export const pipeKeys = {
  all: ['pipes'] as const,
  list: (organizationId: string, serviceId: string) => [...pipeKeys.all, 'list', organizationId, serviceId] as const,
  detail: (organizationId: string, serviceId: string, pipeId: string) =>
    [...pipeKeys.all, 'detail', organizationId, serviceId, pipeId] as const,
};

/** How often a view showing a pipe in a transitional state asks again. */
export const PIPE_POLL_INTERVAL_MS = 2_000;
