/**
 * `npm run users -- role NAME ROLE --service KEY`: the service KEY names (its id, or its name as
 * OIDC_ROLE_MAP allows), checked against the organization's services list as the Users page checks
 * it — the console's own upstream client and cloud settings (environment or `.env`). A role is never
 * stored for a service the organization does not have, nor for one that could not be checked.
 */
import { ApiError } from '@/lib/server/errors';
import { findService, organizationServices, type ServiceSummary } from '@/lib/server/organization-services';
import { ServiceCheckError } from './service-check-error';

const CLOUD_SETTINGS =
  'CLOUD_API_URL, CLOUD_API_KEY_ID, CLOUD_API_KEY_SECRET, CLOUD_ORGANIZATION_ID and CLOUD_SERVICE_ID ' +
  '(in the environment or .env; for the embedded emulator of `npm start`, its keys and organization in .env ' +
  'and CLOUD_API_URL the URL it prints)';

function unreachable(key: string, error: unknown): ServiceCheckError {
  const reason =
    error instanceof ApiError && error.code === 'UPSTREAM_NOT_CONFIGURED'
      ? `the cloud API is not configured for this command: set ${CLOUD_SETTINGS}.`
      : `${(error instanceof Error ? error.message : String(error)).replace(/[.\s]*$/, '')}.`;
  return new ServiceCheckError(
    `Could not check service "${key}" against the organization's services: ${reason} No change made.`,
  );
}

export async function resolveRoleService(key: string): Promise<ServiceSummary> {
  let services: ServiceSummary[];
  try {
    services = await organizationServices();
  } catch (error) {
    throw unreachable(key, error);
  }
  const service = findService(services, key);
  if (service) return service;
  const known = services.map((entry) => `${entry.name} (${entry.id})`).join(', ');
  throw new ServiceCheckError(
    `No service "${key}" in this organization${known ? `; its services: ${known}` : ''}. No change made.`,
  );
}
