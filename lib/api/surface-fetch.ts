import { bffPath, type ServiceRef, type Surface, type SurfaceResource } from '@/lib/observability/surface';
import { apiFetch, type ApiFetchOptions } from './client';

/**
 * A BFF call on either observability surface, unwrapped: the open-source surface answers
 * `{data}`, the managed one the cloud envelope `{result}`.
 */
export async function surfaceFetch<T>(surface: Surface, path: string, options: ApiFetchOptions = {}): Promise<T> {
  const body = await apiFetch<{ data?: T; result?: T } | undefined>(path, options);
  return (surface === 'oss' ? body?.data : body?.result) as T;
}

/** Identifies a surface's data in query keys: the service only matters on the managed surface. */
export function surfaceScope(surface: Surface, service: ServiceRef): string {
  return surface === 'oss' ? 'oss' : `managed:${service.organizationId}:${service.serviceId}`;
}

export function surfaceListFetch<T>(
  surface: Surface,
  service: ServiceRef,
  resource: SurfaceResource,
  signal?: AbortSignal,
): Promise<T[]> {
  return surfaceFetch<T[] | undefined>(surface, bffPath(surface, service, resource), { signal }).then((list) =>
    Array.isArray(list) ? list : [],
  );
}
