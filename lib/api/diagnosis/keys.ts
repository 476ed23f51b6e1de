import type { DiagnosisSection } from '@/lib/pipes/diagnosis/types';

/**
 * Query keys of what the console reads from a service's own tables (its `/api/pipe-diagnosis`
 * routes), in the order every family follows: organization, service, kind, id.
 */
export const diagnosisKeys = {
  all: ['pipe-diagnosis'] as const,
  service: (organizationId: string, serviceId: string) => [...diagnosisKeys.all, organizationId, serviceId] as const,
  access: (organizationId: string, serviceId: string) =>
    [...diagnosisKeys.service(organizationId, serviceId), 'access'] as const,
  sections: (organizationId: string, serviceId: string, pipeId: string) =>
    [...diagnosisKeys.service(organizationId, serviceId), 'section', pipeId] as const,
  section: (organizationId: string, serviceId: string, pipeId: string, section: DiagnosisSection, page: number) =>
    [...diagnosisKeys.sections(organizationId, serviceId, pipeId), section, page] as const,
  reasons: (organizationId: string, serviceId: string, pipeIds: readonly string[]) =>
    [...diagnosisKeys.service(organizationId, serviceId), 'reasons', [...pipeIds].sort().join(',')] as const,
};

export const diagnosisPath = (organizationId: string, serviceId: string, ...rest: string[]) =>
  `/api/pipe-diagnosis/${[organizationId, serviceId, ...rest].map(encodeURIComponent).join('/')}`;
