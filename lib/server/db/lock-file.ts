import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one Postgres in one process: two processes opening the same folder would each cache
 * pages and overwrite the other's. An exclusive file holding the owner's pid keeps it to one.
 */
export class LockHeldError extends Error {
  override name = 'LockHeldError';
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(`${file} is held by process ${pid}`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface HeldLock {
  readonly file: string;
  release(): void;
}

/** Files this process holds; a file naming our own pid but not in here was left by an earlier process (a container restarts with the same pid). */
const heldHere = new Set<string>();

/** Takes the lock or throws `LockHeldError`; a lock left by a dead process is taken over. */
export function acquireLock(file: string): HeldLock {
  if (heldHere.has(file)) throw new LockHeldError(file, process.pid);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldHere.add(file);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        heldHere.delete(file);
        process.off('exit', release);
        if (holder(file) === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(file);
      if (pid !== null && pid !== process.pid && isAlive(pid)) throw new LockHeldError(file, pid);
      try {
        unlinkSync(file);
      } catch {
        // Someone else cleared it first; try again.
      }
    }
  }
  throw new LockHeldError(file, holder(file) ?? 0);
}
