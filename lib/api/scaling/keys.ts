/** Query keys of the shared database-pipe (CDC) scaling of a service. */
export const scalingKeys = {
  all: ['scaling'] as const,
  cdc: (organizationId: string, serviceId: string) => [...scalingKeys.all, 'cdc', organizationId, serviceId] as const,
};
