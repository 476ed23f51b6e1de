'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { usePathname, useRouter } from 'next/navigation';
import { useRef } from 'react';
import { serviceStateLabel, serviceWhere } from '@/components/services/service-label';
import { cx } from '@/components/ui/cx';
import { useTakeOver, type Handover } from '@/components/ui/stand-in';
import { describeApiError } from '@/lib/api/error-message';
import { useServicesQuery } from '@/lib/api/services/use-services-query';
import { useConsole } from '@/lib/console/console-context';
import { switchServicePath } from '@/lib/console/service-paths';
import menu from '@/components/ui/menu.module.css';
import { ServiceSwitcherFace, switcherLabel } from './service-switcher-face';
import styles from './service-context.module.css';

/** The service menu itself (Radix), loaded after the page by ./service-context. */
export function ServiceSwitcherDropdown({ handover }: { handover: Handover }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeOver(triggerRef, handover);
  const { organizationId, serviceId } = useConsole();
  const services = useServicesQuery(organizationId);
  const router = useRouter();
  const pathname = usePathname();
  const current = services.data?.find((service) => service.id === serviceId);

  return (
    <DropdownMenu.Root defaultOpen={handover.open}>
      <DropdownMenu.Trigger ref={triggerRef} className={styles.trigger} aria-label={switcherLabel(current, serviceId)}>
        <ServiceSwitcherFace service={current} serviceId={serviceId} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={cx(menu.content, styles.content)}
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
        >
          <DropdownMenu.Label className={styles.menuLabel}>Services of this organization</DropdownMenu.Label>
          {services.isPending ? (
            <DropdownMenu.Item className={menu.item} disabled>
              Loading the services…
            </DropdownMenu.Item>
          ) : services.isError ? (
            <DropdownMenu.Item className={menu.item} disabled>
              Could not load the services: {describeApiError(services.error)}
            </DropdownMenu.Item>
          ) : services.data.length === 0 ? (
            <DropdownMenu.Item className={menu.item} disabled>
              This organization has no services.
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.RadioGroup
              value={serviceId}
              onValueChange={(id) => {
                if (id !== serviceId) router.push(switchServicePath(pathname, id));
              }}
            >
              {services.data.map((service) => (
                <DropdownMenu.RadioItem key={service.id} value={service.id} className={cx(menu.item, styles.option)}>
                  <span className={styles.optionName}>
                    <DropdownMenu.ItemIndicator className={styles.check}>✓</DropdownMenu.ItemIndicator>
                    {service.name}
                  </span>
                  <span className={styles.optionMeta}>
                    {[serviceWhere(service), serviceStateLabel(service.state)].filter(Boolean).join(' · ')}
                  </span>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
