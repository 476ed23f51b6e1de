/** Query keys of API keys; every key of this resource starts with `keyKeys.all`. */
export const keyKeys = {
  all: ['keys'] as const,
  list: (organizationId: string) => [...keyKeys.all, 'list', organizationId] as const,
  detail: (organizationId: string, keyId: string) => [...keyKeys.all, 'detail', organizationId, keyId] as const,
};
