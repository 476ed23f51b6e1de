import { browserYield } from '@/lib/browser/browser-yield';

/**
 * Resolves in a task of its own, ahead of other queued work, where the browser has
 * `scheduler.yield()`; elsewhere (older browsers, Node) at once.
 *
 * Why: a page's reads start together, in the effects React runs after a render, and each
 * `fetch()` call costs the main thread a few milliseconds (in a traced phone load of a 20-tile
 * dashboard, 28–34 ms of a 73–91 ms task were the calls themselves; Lighthouse counts that task
 * four times over). Each request is sent from its own short task instead.
 */
export function requestTask(): Promise<void> {
  return browserYield() ?? Promise.resolve();
}
