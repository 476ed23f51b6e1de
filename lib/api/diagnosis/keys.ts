import type { DiagnosisSection } from '@/lib/pipes/diagnosis/types';

/** Query keys of what the console reads from a service's own tables (its `/api/pipe-diagnosis` routes). */
export const diagnosisKeys = {
  all: ['pipe-diagnosis'] as const,
  access: (organizationId: string, serviceId: string) =>
    [...diagnosisKeys.all, 'access', organizationId, serviceId] as const,
  sections: (organizationId: string, serviceId: string, pipeId: string) =>
    [...diagnosisKeys.all, 'section', organizationId, serviceId, pipeId] as const,
  section: (organizationId: string, serviceId: string, pipeId: string, section: DiagnosisSection, page: number) =>
    [...diagnosisKeys.sections(organizationId, serviceId, pipeId), section, page] as const,
  reasons: (organizationId: string, serviceId: string, pipeIds: readonly string[]) =>
    [...diagnosisKeys.all, 'reasons', organizationId, serviceId, [...pipeIds].sort().join(',')] as const,
};

export const diagnosisPath = (organizationId: string, serviceId: string, ...rest: string[]) =>
  `/api/pipe-diagnosis/${[organizationId, serviceId, ...rest].map(encodeURIComponent).join('/')}`;
