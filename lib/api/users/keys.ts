/** Query keys of console users; every key of this resource starts with `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};
