/** Query keys of a pipe's stored history (the console's own database). */
export const pipeHistoryKeys = {
  all: ['pipe-history'] as const,
  timeline: (organizationId: string, serviceId: string, pipeId: string) =>
    [...pipeHistoryKeys.all, 'timeline', organizationId, serviceId, pipeId] as const,
};

export const pipeHistoryPath = (organizationId: string, serviceId: string, pipeId: string) =>
  `/api/pipe-history/${[organizationId, serviceId, pipeId].map(encodeURIComponent).join('/')}`;
