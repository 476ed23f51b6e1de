/**
 * Query keys of private endpoints, in the order every family follows: organization, service, kind.
 * The organization record carries the endpoint records, the service record the ids attached to the
 * service, so both live under this resource.
 */
export const endpointKeys = {
  all: ['endpoints'] as const,
  organization: (organizationId: string) => [...endpointKeys.all, organizationId, 'organization'] as const,
  service: (organizationId: string, serviceId: string) =>
    [...endpointKeys.all, organizationId, serviceId, 'service'] as const,
  config: (organizationId: string, serviceId: string) =>
    [...endpointKeys.all, organizationId, serviceId, 'config'] as const,
};
