/** Query keys of the signed-in user's notification centre. */
export const inboxKeys = {
  all: ['notification-centre'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
};
