/** A service's state as a person reads it: `running` → "Running"; unknown when the cloud gives none. */
export function serviceStateLabel(state: string | undefined): string {
  if (!state) return 'State unknown';
  const words = state.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ASLEEP = new Set(['stopped', 'stopping', 'idle', 'terminated', 'terminating']);

/**
 * Whether a service sleeps (stopped, idle…): the overview does not read its pipes, which would
 * cost a read of the shared cloud budget to learn nothing runs there, and says so instead.
 */
export function serviceIsAsleep(state: string | undefined): boolean {
  return state !== undefined && ASLEEP.has(state.toLowerCase());
}
