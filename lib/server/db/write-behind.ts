import 'server-only';
import { onShutdown } from '../lifecycle';
import { log } from '../log';

/**
 * Records of a change that has already happened upstream (an audit event, a version of the
 * object) whose write to the console's database failed: kept in memory, in order, and written
 * again until the database takes them, so an outage of the database loses nothing a running
 * console saw. A stopping server flushes them before it closes the database.
 */
export interface WriteBehind<T, R = void> {
  /** Writes now and answers what the write answered, or keeps the item behind those still waiting
   * (order is kept) and answers null. Never throws. */
  write(item: T): Promise<R | null>;
  /** Keeps an item whose write has just failed with `error`. */
  keep(item: T, error: unknown): void;
  /** Writes the kept items in order until the database refuses one (tried again later) or none is left. */
  flush(): Promise<void>;
  readonly waiting: number;
}

export interface WriteBehindOptions<T, R = void> {
  /** What one item is, for the log: "audit event", "history version". */
  noun: string;
  insert(item: T): Promise<R>;
  /** Fields of the item the log names (request id, operation…); never its whole body. */
  describe(item: T): Record<string, unknown>;
  /** Counted once per failed first write. */
  onFailure(): void;
}

/** Past this many waiting items (a long outage), the oldest are dropped, each with an error. */
const MAX_WAITING = 10_000;
/** Waits between tries while the database is away: soon at first, then every few seconds. */
const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

class Queue<T, R> implements WriteBehind<T, R> {
  private readonly items: T[] = [];
  private timer?: NodeJS.Timeout;
  private tries = 0;
  private flushing?: Promise<void>;

  constructor(private readonly options: WriteBehindOptions<T, R>) {}

  get waiting(): number {
    return this.items.length;
  }

  async write(item: T): Promise<R | null> {
    // Behind items still waiting for the database: they go first, in order.
    if (this.items.length > 0) {
      this.keep(item, null);
      return null;
    }
    try {
      return await this.options.insert(item);
    } catch (error) {
      this.keep(item, error);
      return null;
    }
  }

  keep(item: T, error: unknown): void {
    const { noun, describe, onFailure } = this.options;
    if (error !== null) {
      onFailure();
      log.error(
        { err: error, ...describe(item), unwritten: this.items.length + 1 },
        `${noun} could not be written yet; kept to be written again`,
      );
    }
    if (this.items.length >= MAX_WAITING) {
      const dropped = this.items.shift() as T;
      log.error(describe(dropped), `${noun} dropped: too many waiting for the database`);
    }
    this.items.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.tries, RETRY_DELAYS_MS.length - 1)] ?? 5_000;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  flush(): Promise<void> {
    this.flushing ??= (async () => {
      try {
        while (this.items.length > 0) {
          try {
            await this.options.insert(this.items[0] as T);
          } catch {
            this.tries += 1;
            return;
          }
          this.items.shift();
          this.tries = 0;
        }
        log.info(`${this.options.noun}s kept while the database was away are written`);
      } finally {
        this.flushing = undefined;
        if (this.items.length > 0) this.schedule();
      }
    })();
    return this.flushing;
  }
}

// On globalThis: one queue per kind of record for the whole process, however often Next loads a module.
const QUEUES = Symbol.for('sluice.write-behind');
type Holder = { [QUEUES]?: Map<string, WriteBehind<unknown, unknown>> };

/** The process's queue for one kind of record, made (and flushed at shutdown) on first use. */
export function writeBehind<T, R = void>(options: WriteBehindOptions<T, R>): WriteBehind<T, R> {
  const holder = globalThis as Holder;
  holder[QUEUES] ??= new Map();
  let queue = holder[QUEUES].get(options.noun) as WriteBehind<T, R> | undefined;
  if (!queue) {
    queue = new Queue(options);
    holder[QUEUES].set(options.noun, queue as WriteBehind<unknown, unknown>);
    const made = queue;
    onShutdown(`unwritten ${options.noun}s`, 'flush', () => made.flush());
  }
  return queue;
}
