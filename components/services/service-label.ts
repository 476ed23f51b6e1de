import type { ServiceSummary } from '@/lib/api/services/use-services-query';

export { serviceStateLabel } from '@/lib/services/service-state';

/** "aws us-east-1": where a service runs, as far as the cloud says. */
export function serviceWhere(service: Pick<ServiceSummary, 'provider' | 'region'>): string {
  return [service.provider, service.region].filter(Boolean).join(' ');
}
