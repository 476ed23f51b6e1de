/** Query keys of the organization's services. */
export const serviceKeys = {
  all: ['services'] as const,
  list: (organizationId: string) => [...serviceKeys.all, 'list', organizationId] as const,
};
