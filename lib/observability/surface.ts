import { pageKindPath, servicePage } from '@/lib/console/service-paths';

/**
 * The two observability surfaces share pages and components; everything that differs between
 * them (BFF paths, page paths, what upstream offers) is answered here.
 */
export type Surface = 'oss' | 'managed';

export const SURFACES: readonly Surface[] = ['oss', 'managed'];

/** Identifiers of the managed surface's service, from `useConsole()`. */
export interface ServiceRef {
  organizationId: string;
  serviceId: string;
}

export interface SurfaceCapabilities {
  /** `POST charts/series` exists (open-source only); elsewhere tiles show their configuration. */
  charts: boolean;
  /** A webhooks list exists (open-source only); elsewhere an alert takes a webhook id by hand. */
  webhooks: boolean;
}

const CAPABILITIES: Record<Surface, SurfaceCapabilities> = {
  oss: { charts: true, webhooks: true },
  managed: { charts: false, webhooks: false },
};

export const SURFACE_LABELS: Record<Surface, string> = {
  oss: 'Open-source',
  managed: 'Managed (this service)',
};

export function surfaceCapabilities(surface: Surface): SurfaceCapabilities {
  return CAPABILITIES[surface];
}

/** Base path of the surface's BFF routes; resources are appended (`/dashboards`, `/sources`…). */
export function bffBasePath(surface: Surface, service: ServiceRef): string {
  if (surface === 'oss') return '/api/observability/v2';
  const org = encodeURIComponent(service.organizationId);
  const svc = encodeURIComponent(service.serviceId);
  return `/api/cloud/v1/organizations/${org}/services/${svc}/observability`;
}

export type SurfaceResource = 'dashboards' | 'alerts' | 'sources' | 'webhooks';

/** BFF path of a resource collection, or of one item when `id` is given. */
export function bffPath(surface: Surface, service: ServiceRef, resource: SurfaceResource, id?: string): string {
  const base = `${bffBasePath(surface, service)}/${resource}`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

export type SurfacePage = 'dashboards' | 'alerts' | 'sources' | 'webhooks';

/**
 * The console page of a resource on a surface: the organization's open-source pages (`/dashboards`),
 * or the managed surface's pages of a service (`/services/{serviceId}/managed/dashboards`).
 */
export function pagePath(surface: Surface, page: SurfacePage, serviceId: string, id?: string): string {
  if (page === 'webhooks' && !CAPABILITIES[surface].webhooks) throw new Error('The managed surface has no webhooks');
  const base = surface === 'managed' ? servicePage(serviceId, 'managed', page) : `/${page}`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

/** Which surface a console path belongs to (for the surface switch and the nav). */
export function surfaceOfPath(pathname: string): Surface {
  const page = pageKindPath(pathname);
  return page === '/managed' || page.startsWith('/managed/') ? 'managed' : 'oss';
}
