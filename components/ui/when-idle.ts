/**
 * Runs `work` once the browser is idle (within `timeoutMs` at the latest); returns a cancel. Work
 * that only prepares for later (code a menu will need when pointed at) waits here instead of
 * lengthening the task in which a page starts.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 200);
  return () => clearTimeout(handle);
}
