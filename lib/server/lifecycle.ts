/**
 * The console process's stop, shared between its HTTP server (scripts/console-server.ts, the
 * standalone server) and the modules Next loads: kept on `globalThis`, since Next evaluates its
 * own copies of these modules and the server reaches them only through the process. No
 * `server-only` and no imports: the server script loads it outside Next.
 */
export type ShutdownPhase = 'flush' | 'close';

interface Lifecycle {
  draining: boolean;
  /** Writes that must land before the database closes (audit events). */
  pending: Set<Promise<unknown>>;
  steps: Map<string, { phase: ShutdownPhase; run: () => Promise<void> }>;
}

const SLOT = Symbol.for('sluice.lifecycle');
type Holder = typeof globalThis & { [SLOT]?: Lifecycle };

function lifecycle(): Lifecycle {
  const holder = globalThis as Holder;
  holder[SLOT] ??= { draining: false, pending: new Set(), steps: new Map() };
  return holder[SLOT];
}

/** True once the process is stopping: /api/ready answers 503 so load balancers send no more. */
export function isDraining(): boolean {
  return lifecycle().draining;
}

export function startDraining(): void {
  lifecycle().draining = true;
}

/** A write the stop waits for (before the `close` steps), whatever request started it. */
export function trackUntilShutdown<T>(work: Promise<T>): Promise<T> {
  const { pending } = lifecycle();
  pending.add(work);
  void work.finally(() => pending.delete(work)).catch(() => {});
  return work;
}

/**
 * Something to do when the process stops: `flush` steps (after the tracked writes) before
 * `close` steps (Redis, the database). One step per name; registering a name again replaces it.
 */
export function onShutdown(name: string, phase: ShutdownPhase, run: () => Promise<void>): void {
  lifecycle().steps.set(name, { phase, run });
}

/** How long the stop waits for the tracked writes, and for each step, before it reports it and goes on. */
export const SHUTDOWN_STEP_DEADLINE_MS = 5_000;

/** Resolves true when `work` settles within `ms`, false otherwise (a Redis or Postgres that is gone must not hold the exit). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the steps phase by phase; a step that fails or outlasts the deadline is reported and the
 * others still run, so the process always gets to exit.
 */
export async function runShutdownSteps(
  report: (name: string, error: unknown) => void,
  deadlineMs = SHUTDOWN_STEP_DEADLINE_MS,
): Promise<string[]> {
  const { pending, steps } = lifecycle();
  if (!(await settlesWithin(Promise.allSettled([...pending]), deadlineMs))) {
    report('pending writes', new Error(`${pending.size} still running after ${deadlineMs} ms`));
  }
  const done: string[] = [];
  for (const phase of ['flush', 'close'] as const) {
    const current = [...steps].filter(([, step]) => step.phase === phase);
    await Promise.all(
      current.map(async ([name, step]) => {
        try {
          if (await settlesWithin(step.run(), deadlineMs)) done.push(name);
          else report(name, new Error(`did not finish within ${deadlineMs} ms`));
        } catch (error) {
          report(name, error);
        }
      }),
    );
  }
  return done;
}

/** Tests leave the process as they found it: not draining, no steps. */
export function resetLifecycle(): void {
  delete (globalThis as Holder)[SLOT];
}
