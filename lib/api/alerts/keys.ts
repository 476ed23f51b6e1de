/** Query keys of alerts; every key starts with `alertKeys.all`. `scope` comes from surfaceScope(). */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (scope: string) => [...alertKeys.all, 'list', scope] as const,
};
