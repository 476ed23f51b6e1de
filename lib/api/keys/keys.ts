/** Query keys of API keys, in the order every family follows: organization, kind, id. */
export const keyKeys = {
  all: ['keys'] as const,
  organization: (organizationId: string) => [...keyKeys.all, organizationId] as const,
  list: (organizationId: string) => [...keyKeys.organization(organizationId), 'list'] as const,
  detail: (organizationId: string, keyId: string) =>
    [...keyKeys.organization(organizationId), 'detail', keyId] as const,
};
