/**
 * Runs `work` once the browser is idle (within `timeoutMs` at the latest). Work that only
 * prepares for later (code a menu will need when pointed at) waits here instead of lengthening
 * the task in which a page starts.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 200);
}
