/**
 * Query keys of private endpoints. The organization record carries the endpoint records, the
 * service record the ids attached to the service, so both live under this resource.
 */
export const endpointKeys = {
  all: ['endpoints'] as const,
  organization: (organizationId: string) => [...endpointKeys.all, 'organization', organizationId] as const,
  service: (organizationId: string, serviceId: string) =>
    [...endpointKeys.all, 'service', organizationId, serviceId] as const,
  config: (organizationId: string, serviceId: string) =>
    [...endpointKeys.all, 'config', organizationId, serviceId] as const,
};
