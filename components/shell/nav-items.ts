import type { Role } from '@/lib/auth/roles';
import { pageKindPath } from '@/lib/console/service-paths';

/**
 * The console's areas, in menu order. Later areas (Dashboards, Alerts) are added here as
 * they are built; nothing links to an area that does not exist yet.
 */
export interface NavItem {
  /** The page's path; for a service's page, the path within `/services/{serviceId}`. */
  href: string;
  /** A page of one service: the link goes to the current service's page. */
  service?: boolean;
  label: string;
  icon:
    | 'home'
    | 'services'
    | 'pipe'
    | 'key'
    | 'endpoint'
    | 'scaling'
    | 'dashboard'
    | 'alert'
    | 'source'
    | 'audit'
    | 'users';
  /** Other paths that belong to the same area (the managed surface's twin pages). */
  alsoActiveUnder?: readonly string[];
  /** Shown only to this role and above (the page itself says so to anyone else). */
  role?: Role;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Overview', icon: 'home' },
  { href: '/services', label: 'Services', icon: 'services' },
  { href: '/pipes', label: 'Pipes', icon: 'pipe', service: true },
  { href: '/keys', label: 'API keys', icon: 'key' },
  { href: '/endpoints', label: 'Private endpoints', icon: 'endpoint', service: true },
  { href: '/scaling', label: 'Database pipe scaling', icon: 'scaling', service: true },
  { href: '/dashboards', label: 'Dashboards', icon: 'dashboard', alsoActiveUnder: ['/managed/dashboards'] },
  { href: '/alerts', label: 'Alerts', icon: 'alert', alsoActiveUnder: ['/managed/alerts'] },
  // Sources and webhooks are read-only lists: one area, with a tab per list.
  { href: '/sources', label: 'Sources & webhooks', icon: 'source', alsoActiveUnder: ['/webhooks', '/managed/sources'] },
  { href: '/audit', label: 'Audit log', icon: 'audit', role: 'admin' },
  { href: '/users', label: 'Users', icon: 'users', role: 'admin' },
];

const isUnder = (base: string, pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Where the item links: a service's page of `serviceId`, or the organization's page. */
export function navHref(item: NavItem, serviceId: string): string {
  return item.service ? `/services/${encodeURIComponent(serviceId)}${item.href}` : item.href;
}

export function isActive(item: NavItem, pathname: string): boolean {
  const page = pageKindPath(pathname);
  return [item.href, ...(item.alsoActiveUnder ?? [])].some((base) => isUnder(base, page));
}
