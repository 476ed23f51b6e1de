type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * `scheduler.yield()` where the browser has it: resolves in a task of its own, ahead of other
 * queued work (a timer would wait behind it). Undefined elsewhere (older browsers, Node), for the
 * caller to choose what to do instead.
 */
export function browserYield(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  return scheduler?.yield?.();
}
