import 'server-only';
import { randomUUID } from 'node:crypto';
import type { UpstreamName } from '../env';
import { log } from '../log';
import type { SharedStore, SlotPriority } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';

/**
 * Where a budget's slots are counted. Normally the shared store (Redis), for every instance together;
 * while it cannot be reached, each instance counts alone in its own memory and takes only its share
 * of the budget (the limit divided by the instances last seen alive), so the instances together
 * still stay within it. Every slot this instance takes is also counted in its own memory, so the
 * first window after Redis went away already holds what this instance sent.
 */

const INSTANCE_ID = randomUUID();
/** How often an instance says it is alive and counts the others. */
const HEARTBEAT_MS = 5_000;
/** An instance that stopped saying so (killed, or gone) no longer counts after this. */
const INSTANCE_TTL_MS = 30_000;
/** After a failure, how long calls are paced alone before the shared store is tried again. */
const RETRY_SHARED_MS = 1_000;
/** Before any count: a deployment with Redis runs several instances, two at the fewest. */
const ASSUMED_INSTANCES = 2;

interface FallbackState {
  own: MemoryStore;
  instances: number | null;
  countedAt: number;
  sharedDownUntil: number;
  alone: boolean;
  /** Until when, after the shared store came back, this instance also keeps to its own share. */
  rejoinUntil: number;
}

// On globalThis: one count per process, however often Next loads this module.
const STATE = Symbol.for('sluice.upstream-budget-fallback');
type Holder = { [STATE]?: FallbackState };

function state(): FallbackState {
  const holder = globalThis as Holder;
  holder[STATE] ??= {
    own: new MemoryStore(),
    instances: null,
    countedAt: 0,
    sharedDownUntil: 0,
    alone: false,
    rejoinUntil: 0,
  };
  return holder[STATE];
}

/** One instance's share of a budget of `limit` calls when `instances` share it: never nothing. */
export function shareOf(limit: number, instances: number): number {
  return Math.max(1, Math.floor(limit / Math.max(1, instances)));
}

export interface SlotAnswer {
  /** 0 when taken, else how long until one frees. */
  waitMs: number;
  /** Where it was counted: renew it there. */
  store: SharedStore;
}

/** As `SharedStore.takeSlot`, falling back to this instance's share while the shared store is away. */
export async function takeSlotSomewhere(
  name: UpstreamName,
  shared: SharedStore,
  key: string,
  limit: number,
  windowMs: number,
  slotId: string,
  priority: SlotPriority,
): Promise<SlotAnswer> {
  const fallback = state();
  if (shared.kind === 'memory')
    return { waitMs: await shared.takeSlot(key, limit, windowMs, slotId, priority), store: shared };
  const now = Date.now();
  if (now >= fallback.sharedDownUntil) {
    try {
      if (fallback.alone || now < fallback.rejoinUntil) {
        // Redis may come back empty (restarted): what each instance sent alone in the last window is
        // not in it, so until that window has passed each keeps to its share as well.
        const waitMs = fallback.own.roomIn(key, shareOf(limit, fallback.instances ?? ASSUMED_INSTANCES), windowMs);
        if (waitMs > 0) return { waitMs, store: fallback.own };
      }
      const waitMs = await shared.takeSlot(key, limit, windowMs, slotId, priority);
      if (fallback.alone) {
        fallback.alone = false;
        fallback.rejoinUntil = now + windowMs;
        log.info({ upstream: name }, 'shared state back: pacing upstream calls across instances again');
      }
      if (waitMs === 0) await fallback.own.takeSlot(key, Number.POSITIVE_INFINITY, windowMs, slotId, 'write');
      if (now - fallback.countedAt >= HEARTBEAT_MS) {
        fallback.countedAt = now;
        shared.liveInstances(INSTANCE_ID, INSTANCE_TTL_MS).then(
          // A Redis just back (restarted empty) knows only the instances that told it so far: until
          // the rejoin window is over the share is not raised on its word.
          (count) =>
            (fallback.instances =
              Date.now() < fallback.rejoinUntil + INSTANCE_TTL_MS
                ? Math.max(fallback.instances ?? ASSUMED_INSTANCES, count)
                : count),
          () => undefined,
        );
      }
      return { waitMs, store: shared };
    } catch (error) {
      fallback.sharedDownUntil = Date.now() + RETRY_SHARED_MS;
      if (!fallback.alone) {
        fallback.alone = true;
        const instances = fallback.instances ?? ASSUMED_INSTANCES;
        log.error(
          { err: error, upstream: name, instances, share: shareOf(limit, instances) },
          "shared state unavailable: pacing upstream calls on this instance's share of each budget",
        );
      }
    }
  }
  const share = shareOf(limit, fallback.instances ?? ASSUMED_INSTANCES);
  return { waitMs: await fallback.own.takeSlot(key, share, windowMs, slotId, priority), store: fallback.own };
}

/** The answer came: the slot frees a window from now, wherever it was counted (and in this instance's own count). */
export async function renewSlotSomewhere(
  store: SharedStore,
  key: string,
  slotId: string,
  windowMs: number,
): Promise<void> {
  const own = state().own;
  if (store !== own) await own.renewSlot(key, slotId);
  await store.renewSlot(key, slotId, windowMs);
}

/** Tests start with no count of instances and an empty own count. */
export function resetBudgetFallback(): void {
  (globalThis as Holder)[STATE] = undefined;
}
