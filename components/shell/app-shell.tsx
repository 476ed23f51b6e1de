'use client';

import { useParams, usePathname } from 'next/navigation';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { useServicesQuery } from '@/lib/api/services/use-services-query';
import { hasRole } from '@/lib/auth/roles';
import { ConsoleProvider, type ConsoleContextValue } from '@/lib/console/console-context';
import { Logo, MenuIcon, NavIcon } from './icons';
import { IntentLink } from './intent-link';
import { isActive, NAV_ITEMS, navHref } from './nav-items';
import { BudgetWaitNotice } from './budget-wait-notice';
import { ServiceContext } from './service-context';
import { UnexpectedAnswerNotice } from './unexpected-answer-notice';
import { UserMenu } from './user-menu';
import styles from './app-shell.module.css';

const PANEL_ID = 'console-navigation';

/**
 * The service pages act on: the one in the URL on a service's page; elsewhere the last one the
 * user opened in this tab, at first the server's default for them (their last service). `links`
 * is the service the shell's links go to: an id the organization turns out not to have (its 404
 * page) is not adopted for them.
 */
function usePageService(fallback: string, organizationId: string): { page: string; links: string } {
  const params = useParams<{ serviceId?: string }>();
  const fromUrl = typeof params?.serviceId === 'string' ? decodeURIComponent(params.serviceId) : undefined;
  const services = useServicesQuery(organizationId);
  // Undefined until the services are read: the URL's service is used, but only kept once listed.
  const listed = fromUrl === undefined ? false : services.data?.some((service) => service.id === fromUrl);
  const [last, setLast] = useState(fallback);
  if (fromUrl !== undefined && listed && fromUrl !== last) setLast(fromUrl);
  return { page: fromUrl ?? last, links: fromUrl !== undefined && listed !== false ? fromUrl : last };
}

export function AppShell({ context, children }: { context: ConsoleContextValue; children: ReactNode }) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const service = usePageService(context.serviceId, context.organizationId);
  const value = useMemo(() => ({ ...context, serviceId: service.page }), [context, service.page]);

  return (
    <ConsoleProvider value={value}>
      <div className={styles.shell}>
        <a className={styles.skip} href="#main">
          Skip to content
        </a>
        <header className={styles.sidebar}>
          <div className={styles.brandRow}>
            <IntentLink className={styles.brand} href="/">
              <Logo />
              Sluice
            </IntentLink>
            <NotificationBell />
            <Button
              variant="ghost"
              size="sm"
              className={styles.menuToggle}
              aria-expanded={menuOpen}
              aria-controls={PANEL_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MenuIcon open={menuOpen} />
              Menu
            </Button>
          </div>
          <div id={PANEL_ID} className={styles.panel} data-open={menuOpen}>
            <nav aria-label="Console">
              <ul className={styles.navList}>
                {NAV_ITEMS.filter((item) => !item.role || hasRole(context.user.role, item.role)).map((item) => (
                  <li key={item.href}>
                    <IntentLink
                      className={styles.navLink}
                      href={navHref(item, service.links)}
                      aria-current={isActive(item, pathname) ? 'page' : undefined}
                      onClick={() => setMenuOpen(false)}
                    >
                      <NavIcon icon={item.icon} />
                      {item.label}
                    </IntentLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.footer}>
              <ServiceContext />
              <UserMenu user={context.user} account={context.account} />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className={styles.main}>
          <div className={styles.content}>
            <div className={styles.notices}>
              <UnexpectedAnswerNotice />
              <BudgetWaitNotice />
            </div>
            {children}
          </div>
        </main>
      </div>
    </ConsoleProvider>
  );
}
