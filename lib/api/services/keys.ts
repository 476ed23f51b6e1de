/** Query keys of the organization's services: organization, kind. */
export const serviceKeys = {
  all: ['services'] as const,
  list: (organizationId: string) => [...serviceKeys.all, organizationId, 'list'] as const,
};
