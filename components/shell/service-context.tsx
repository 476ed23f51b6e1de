'use client';

import { loadedLater } from '@/components/ui/loaded-later';
import { useMounted, useStandIn } from '@/components/ui/stand-in';
import { useOrganizationQuery } from '@/lib/api/endpoints/use-organization-query';
import { useServicesQuery } from '@/lib/api/services/use-services-query';
import { useConsole } from '@/lib/console/console-context';
import { ServiceSwitcherFace, switcherLabel } from './service-switcher-face';
import styles from './service-context.module.css';

// Radix's dropdown is not part of every page's first load: a stand-in button shows the current
// service until the menu is wanted, as the account menu does.
const ServiceSwitcherDropdown = loadedLater(() =>
  import('./service-switcher-dropdown').then((m) => m.ServiceSwitcherDropdown),
);

/** The organization's name, or its id until its record is read. */
function OrganizationName({ organizationId }: { organizationId: string }) {
  const organization = useOrganizationQuery(organizationId);
  return organization.data?.name ?? organizationId;
}

/** The organization this console manages, and the service its pages act on, with a switch to the others. */
export function ServiceContext() {
  const { organizationId, serviceId } = useConsole();
  // The organization's record is read here only once the page is hydrated: a page that brings the
  // record with it (the endpoints page) then hydrates it as new, in its server render. Had the shell,
  // rendered first, already made the query, the page's record would only be put in after hydration,
  // and its endpoints table would be sent as a loading state and then move what is below it.
  const mounted = useMounted();
  const services = useServicesQuery(organizationId);
  const current = services.data?.find((service) => service.id === serviceId);
  const { standInProps, handover, wanted } = useStandIn(ServiceSwitcherDropdown.preload);
  const standIn = (
    <button type="button" className={styles.trigger} aria-label={switcherLabel(current, serviceId)} {...standInProps}>
      <ServiceSwitcherFace service={current} serviceId={serviceId} />
    </button>
  );
  return (
    <div className={styles.context}>
      <dl className={styles.organization} aria-label="Managed by this console">
        <dt>Organization</dt>
        <dd title={organizationId}>
          {mounted ? <OrganizationName organizationId={organizationId} /> : organizationId}
        </dd>
      </dl>
      <div className={styles.service}>
        <span className={styles.caption} aria-hidden="true">
          Service
        </span>
        {wanted ? <ServiceSwitcherDropdown handover={handover} fallback={standIn} /> : standIn}
      </div>
    </div>
  );
}
