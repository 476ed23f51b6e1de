import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the engine answered: the result in the asked format, or ClickHouse's error code and text. */
export type EngineAnswer = { ok: true; text: string } | { ok: false; code: number; message: string };

export interface RunOptions {
  /** Output format; ClickHouse's HTTP default, TabSeparated, when absent. */
  format?: string;
  /** `USE` this database first. */
  database?: string;
  /** Run on the connection in ClickHouse's readonly mode. */
  readonly?: boolean;
}

type Pending = (answer: EngineAnswer) => void;
type Reply = { type: 'ready' } | { type: 'failed'; message: string } | ({ id: number } & EngineAnswer);

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const DIR_PREFIX = 'sluice-emulator-chdb-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the data folders of engines that died without cleaning up (a test process killed with its
 * process group): libchdb writes its process id to `status` in the folder.
 */
function sweepStaleFolders(): void {
  try {
    for (const name of readdirSync(tmpdir())) {
      if (!name.startsWith(DIR_PREFIX)) continue;
      const dir = join(tmpdir(), name);
      let pid: number;
      try {
        pid = Number(/^PID:\s*(\d+)/m.exec(readFileSync(join(dir, 'status'), 'utf8'))?.[1]);
      } catch {
        continue; // no status yet: an engine still starting
      }
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(dir, { recursive: true, force: true });
    }
  } catch {
    // best effort
  }
}

/**
 * The embedded ClickHouse (chdb) of one emulator, in a child process with its own data directory in
 * the system temp folder (removed at close). `start()` forks it without waiting; every `run` waits
 * until it is ready, so an emulator start never waits for the ~0.5 s the engine takes to load.
 */
export class QueryEngine {
  private child?: ChildProcess;
  private ready?: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private dir?: string;
  private failure?: string;

  /** Starts loading the engine in the background; idempotent. */
  start(): Promise<void> {
    if (this.ready) return this.ready;
    sweepStaleFolders();
    const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
    this.dir = dir;
    const child = fork(WORKER, [dir], {
      execArgv: [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'json',
    });
    this.child = child;
    this.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (reply: Reply) => {
        if ('type' in reply) {
          if (reply.type === 'ready') resolve();
          else reject(new Error(reply.message));
          return;
        }
        const answer = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        answer?.(reply);
      });
      child.once('exit', (code) => {
        const message = `the query engine stopped (exit code ${code})`;
        reject(new Error(message));
        this.failure ??= message;
        for (const answer of this.pending.values()) answer({ ok: false, code: 0, message });
        this.pending.clear();
      });
      child.once('error', reject);
    });
    // Nobody may be waiting yet: a failure is kept and answered by `run`.
    this.ready.catch((error: unknown) => {
      this.failure = error instanceof Error ? error.message : String(error);
    });
    // An emulator someone forgot to close must not keep a test process alive.
    child.unref();
    child.channel?.unref();
    return this.ready;
  }

  /** Whether the engine loaded; false when it failed (chdb not installed, …). */
  async available(): Promise<boolean> {
    try {
      await this.start();
      return true;
    } catch {
      return false;
    }
  }

  async run(sql: string, options: RunOptions = {}): Promise<EngineAnswer> {
    try {
      await this.start();
    } catch {
      return {
        ok: false,
        code: 0,
        message: `the emulator's query engine is unavailable: ${this.failure ?? 'it did not start'}`,
      };
    }
    const child = this.child;
    if (!child?.connected) return { ok: false, code: 0, message: 'the query engine is closed' };
    const id = this.nextId++;
    return new Promise<EngineAnswer>((resolve) => {
      this.pending.set(id, resolve);
      child.send({ id, sql, ...options });
    });
  }

  /** Runs a statement of the emulator's own and throws on failure (the engine's text as the message). */
  async exec(sql: string): Promise<string> {
    const answer = await this.run(sql);
    if (!answer.ok) throw new EngineError(answer.code, answer.message);
    return answer.text;
  }

  /**
   * Stops the engine at once: its data is a temp folder no one keeps, so the child is killed rather
   * than shut down (a clean shutdown of libchdb takes 0.1–0.4 s, and waits for a load in progress),
   * then the folder is removed.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Held until it is gone, or a process with nothing else to do would exit before the folder is removed.
      child.ref();
      child.kill('SIGKILL');
      await exited;
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

export class EngineError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** A ClickHouse identifier in backquotes. */
export const ident = (name: string) => `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
/** A ClickHouse string literal. */
export const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
