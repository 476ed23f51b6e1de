import { serviceStateLabel, serviceWhere } from '@/components/services/service-label';
import type { ServiceSummary } from '@/lib/api/services/use-services-query';
import styles from './service-context.module.css';

/** The switcher's accessible name: what it does and which service is current. */
export function switcherLabel(service: ServiceSummary | undefined, serviceId: string): string {
  return `Service: ${service?.name ?? serviceId}. Switch service`;
}

/** What the switcher shows closed: the current service, where it runs and its state (its id until they are read). */
export function ServiceSwitcherFace({
  service,
  serviceId,
}: {
  service: ServiceSummary | undefined;
  serviceId: string;
}) {
  return (
    <>
      <span className={styles.face}>
        <span className={styles.faceName} title={serviceId}>
          {service?.name ?? serviceId}
        </span>
        {service && (
          <span className={styles.faceMeta}>
            {[serviceWhere(service), serviceStateLabel(service.state)].filter(Boolean).join(' · ')}
          </span>
        )}
      </span>
      <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
        <path d="M3 7.5 6 4.5l3 3" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </>
  );
}
