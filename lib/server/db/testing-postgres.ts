import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../testing/free-port';

/**
 * Not used by the console: a throwaway Postgres from Debian's package for the tests and the
 * benchmark, on a free loopback port, stopped by its pid. initdb and postgres refuse to run as
 * root, so as root they run as the package's `postgres` user.
 */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
  /** Stops the server and keeps its data (the fault bench: Postgres stopped)… */
  pause(): Promise<void>;
  /** …and starts it again on the same port. */
  resume(): Promise<void>;
}

function binaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return result.status === 0 && group.status === 0 ? { uid: Number(result.stdout), gid: Number(group.stdout) } : null;
}

/** Why no Postgres can be started here, or null when one can. */
export function postgresUnavailableReason(): string | null {
  if (!binaries()) return "Debian's postgresql package is not installed (scripts/ensure-postgres.sh installs it)";
  if (userInfo().uid === 0 && !postgresUser())
    return 'running as root and there is no postgres user to run the server as';
  return null;
}

/** The command line, as the postgres user when we are root. */
function asOwner(command: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}: ${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`postgres did not accept connections within 30 s: ${log()}`);
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = binaries();
  const reason = postgresUnavailableReason();
  if (!bin || reason) throw new Error(`Cannot start Postgres: ${reason}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sluice-pg-'));
  const owner = userInfo().uid === 0 ? postgresUser() : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const [initCommand, initArgs] = asOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'sluice',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const port = await freePort();
  const url = `postgres://sluice@127.0.0.1:${port}/postgres`;
  const startServer = async (): Promise<ChildProcess> => {
    const [command, args] = asOwner(path.join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
    ]);
    const started = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    try {
      await waitForServer(url, started, () => stderr);
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
    return started;
  };
  // A "fast" shutdown (SIGINT) of the postmaster by the pid it wrote; runuser, its parent, then exits too.
  const stopServer = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGINT');
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  let child: ChildProcess;
  try {
    child = await startServer();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pause: stopServer,
    async resume() {
      if (child.exitCode === null) return;
      child = await startServer();
    },
    async stop() {
      await stopServer();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
