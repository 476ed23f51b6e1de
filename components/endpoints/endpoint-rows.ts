import type { OrganizationRecord, ServiceRecord } from '@/lib/schemas/endpoints';

export interface EndpointRow {
  id: string;
  description: string;
  cloudProvider: string;
  region: string;
  attached: boolean;
  /** False for an id attached to the service but missing from the organization's records. */
  registered: boolean;
  /** Why the endpoint cannot be attached to this service; undefined when it can. */
  attachBlockedReason?: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Joins the organization's endpoint records with the ids attached to the service. Only endpoints
 * in the service's region (and cloud) can be attached; attached ones can always be detached.
 */
export function endpointRows(organization: OrganizationRecord, service: ServiceRecord): EndpointRow[] {
  const attachedIds = new Set(service.privateEndpointIds);
  const rows: EndpointRow[] = organization.privateEndpoints.map((endpoint) => {
    let attachBlockedReason: string | undefined;
    if (endpoint.cloudProvider && service.provider && !same(endpoint.cloudProvider, service.provider)) {
      attachBlockedReason = `This endpoint is on ${endpoint.cloudProvider}; the service runs on ${service.provider}.`;
    } else if (endpoint.region && service.region && !same(endpoint.region, service.region)) {
      attachBlockedReason = `This endpoint is in ${endpoint.region}; the service runs in ${service.region}.`;
    }
    return {
      id: endpoint.id,
      description: endpoint.description,
      cloudProvider: endpoint.cloudProvider,
      region: endpoint.region,
      attached: attachedIds.has(endpoint.id),
      registered: true,
      attachBlockedReason,
    };
  });
  const known = new Set(rows.map((row) => row.id));
  for (const id of service.privateEndpointIds) {
    if (!known.has(id)) {
      rows.push({ id, description: '', cloudProvider: '', region: '', attached: true, registered: false });
    }
  }
  return rows;
}
