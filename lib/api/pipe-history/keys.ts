/** Query keys of a pipe's stored history (the console's own database): organization, service, kind, id. */
export const pipeHistoryKeys = {
  all: ['pipe-history'] as const,
  timeline: (organizationId: string, serviceId: string, pipeId: string) =>
    [...pipeHistoryKeys.all, organizationId, serviceId, 'timeline', pipeId] as const,
};

export const pipeHistoryPath = (organizationId: string, serviceId: string, pipeId: string) =>
  `/api/pipe-history/${[organizationId, serviceId, pipeId].map(encodeURIComponent).join('/')}`;
