import type { Surface } from '@/lib/observability/surface';

/** Query keys of dashboards; each surface (and managed service) has its own subtree. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  surface: (surface: Surface, serviceId: string) =>
    [...dashboardKeys.all, surface, surface === 'oss' ? '' : serviceId] as const,
  list: (surface: Surface, serviceId: string) => [...dashboardKeys.surface(surface, serviceId), 'list'] as const,
  detail: (surface: Surface, serviceId: string, id: string) =>
    [...dashboardKeys.surface(surface, serviceId), 'detail', id] as const,
  sources: (surface: Surface, serviceId: string) => [...dashboardKeys.surface(surface, serviceId), 'sources'] as const,
};
