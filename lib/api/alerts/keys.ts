/**
 * Query keys of alerts, in the order every family follows: where (`scope`, from surfaceScope(): the
 * surface and its service), kind. Every key starts with `alertKeys.all`.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  scope: (scope: string) => [...alertKeys.all, scope] as const,
  list: (scope: string) => [...alertKeys.scope(scope), 'list'] as const,
};
