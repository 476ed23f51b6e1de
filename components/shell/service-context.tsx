'use client';

import { useOrganizationQuery } from '@/lib/api/endpoints/use-organization-query';
import { useServiceQuery } from '@/lib/api/endpoints/use-service-query';
import { useConsole } from '@/lib/console/console-context';
import styles from './service-context.module.css';

/** Which organization and service this console manages, by name (ids until the names arrive). */
export function ServiceContext() {
  const { organizationId, serviceId } = useConsole();
  const organization = useOrganizationQuery(organizationId);
  const service = useServiceQuery(organizationId, serviceId);
  return (
    <dl className={styles.context} aria-label="Managed by this console">
      <div>
        <dt>Organization</dt>
        <dd title={organizationId}>{organization.data?.name ?? organizationId}</dd>
      </div>
      <div>
        <dt>Service</dt>
        <dd title={serviceId}>{service.data ? `${service.data.name} · ${service.data.region}` : serviceId}</dd>
      </div>
    </dl>
  );
}
