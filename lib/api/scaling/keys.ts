/** Query keys of the shared database-pipe (CDC) scaling of a service: organization, service, kind. */
export const scalingKeys = {
  all: ['scaling'] as const,
  cdc: (organizationId: string, serviceId: string) => [...scalingKeys.all, organizationId, serviceId, 'cdc'] as const,
};
