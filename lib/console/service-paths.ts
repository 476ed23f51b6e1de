/**
 * Console addresses of a service's pages: `/services/{serviceId}/pipes`, `/services/{id}/pipes/{pipeId}`…
 * The service is part of every such address, so a link, a bookmark or a reload names it.
 */
export function servicePage(serviceId: string, ...segments: string[]): string {
  return ['', 'services', serviceId, ...segments].map(encodeURIComponent).join('/');
}

const SERVICE_PREFIX = /^\/services\/([^/]+)(\/.*)?$/;

/** The service of a console path and the page within it (`/pipes/x`), or null for an organization page. */
export function splitServicePath(pathname: string): { serviceId: string; page: string } | null {
  const match = SERVICE_PREFIX.exec(pathname);
  if (!match?.[1]) return null;
  return { serviceId: decodeURIComponent(match[1]), page: match[2] ?? '/' };
}

/** A path with any service prefix removed, for matching the kind of page (`/pipes`, `/managed/alerts`). */
export function pageKindPath(pathname: string): string {
  return splitServicePath(pathname)?.page ?? pathname;
}

/**
 * Where a switch to `serviceId` goes from `pathname`: the same kind of page of the other service
 * (its pipes for its pipes, its scaling for its scaling), a list for a record of the old service
 * (a pipe's page → the pipes list), and the pipes list from an organization page.
 */
export function switchServicePath(pathname: string, serviceId: string): string {
  const page = splitServicePath(pathname)?.page;
  if (!page) return servicePage(serviceId, 'pipes');
  const segments = page.split('/').filter(Boolean);
  const [first, second] = segments;
  if (first === 'pipes')
    return second === 'new' ? servicePage(serviceId, 'pipes', 'new') : servicePage(serviceId, 'pipes');
  if (first === 'managed' && second) return servicePage(serviceId, 'managed', second);
  if (first === 'scaling' || first === 'endpoints') return servicePage(serviceId, first);
  return servicePage(serviceId, 'pipes');
}
