import 'server-only';
import { consoleContext } from './env';
import { cloudApi } from './upstream/typed';

/** A service of the organization, as role checks and page texts need it. */
export interface ServiceSummary {
  id: string;
  name: string;
  /** The cloud region it runs in ('' when the list does not say). */
  region: string;
}

/** The organization's services (the cloud API's services list), to resolve a service named by name or id. */
export async function organizationServices(): Promise<ServiceSummary[]> {
  const { organizationId } = consoleContext();
  const envelope = await cloudApi.request('get', '/v1/organizations/{organizationId}/services', {
    params: { organizationId },
  });
  return Array.isArray(envelope.result)
    ? envelope.result.map(({ id, name, region }) => ({ id: id ?? '', name: name ?? '', region: region ?? '' }))
    : [];
}

/** The id of the service `key` names: its id, or else its name. */
export function findService(services: readonly ServiceSummary[], key: string): ServiceSummary | undefined {
  return services.find((service) => service.id === key) ?? services.find((service) => service.name === key);
}
