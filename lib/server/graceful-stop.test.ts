import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seededDataFolder } from '@/test/support/embedded-data-folder';
import { openDatabase } from './db/open';
import { redisUnavailableReason, startTestRedis, type TestRedis } from './testing/redis';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixture = path.join(root, 'test', 'support', 'graceful-server.ts');

interface Fixture {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  /** Resolves once stdout has a line starting with `prefix`. */
  line: (prefix: string) => Promise<string>;
  exited: Promise<number | null>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startFixture(env: Record<string, string>): Promise<Fixture> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', fixture], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', REDIS_URL: '', DATABASE_URL: '', ...env },
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  const waiting: Array<{ prefix: string; resolve: (line: string) => void }> = [];
  const check = () => {
    for (const waiter of [...waiting]) {
      const found = stdout.split('\n').find((candidate) => candidate.startsWith(waiter.prefix));
      if (found !== undefined) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    check();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (prefix: string) =>
    Promise.race([
      new Promise<string>((resolve) => {
        waiting.push({ prefix, resolve });
        check();
      }),
      exited.then(() => {
        throw new Error(`fixture exited before "${prefix}": ${stdout}${stderr}`);
      }),
    ]);
  const port = (await line('listening ')).split(' ')[1];
  return { child, url: `http://127.0.0.1:${port}`, output: () => stdout + stderr, line, exited };
}

/** A data folder whose embedded database exists already: the stop is the subject here, not the database's creation. */
async function tempDataDir(): Promise<string> {
  const dir = await seededDataFolder('sluice-graceful-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// Each case starts a process that opens an embedded database (seconds on a busy machine).
describe('SIGTERM', { timeout: 90_000 }, () => {
  it('answers /api/ready 503 at once, refuses new requests, finishes the one in flight, lands its audit event, closes and exits 0', async () => {
    let redis: TestRedis | undefined;
    if (redisUnavailableReason() === null) {
      redis = await startTestRedis();
      cleanups.push(() => redis?.stop());
    }
    const dataDir = await tempDataDir();
    const server = await startFixture({
      SLUICE_DATA_DIR: dataDir,
      SHUTDOWN_GRACE_MS: '20000',
      REDIS_URL: redis?.url ?? '',
    });

    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    const slow = fetch(`${server.url}/slow`);
    await server.line('slow-started');

    server.child.kill('SIGTERM');
    await server.line('SIGTERM: stopping');

    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
    const refused = await fetch(`${server.url}/anything`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ code: 'SHUTTING_DOWN' });

    server.child.stdin.write('release\n');
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('slow done');

    expect(await server.exited).toBe(0);
    const stopped = (await server.line('stopped')).replace(/^stopped \((.*)\)$/, '$1').split(', ');
    // Audit events the database refused are flushed before it closes (none here), then Redis and the database close.
    expect(stopped.sort()).toEqual(['database', 'shared state', 'unwritten audit events']);

    // The event written after the last response is in the database, which was closed cleanly (its lock freed).
    const db = await openDatabase({ role: 'tool', env: { SLUICE_DATA_DIR: dataDir } });
    try {
      expect(await db.query('select operation, request_id from audit_events')).toEqual([
        { operation: 'fixture.slow', request_id: 'slow-request' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('closes what is still running after SHUTDOWN_GRACE_MS and still exits 0', async () => {
    const server = await startFixture({ SLUICE_DATA_DIR: await tempDataDir(), SHUTDOWN_GRACE_MS: '300' });
    const hanging = fetch(`${server.url}/never`).then(
      () => 'answered',
      () => 'connection closed',
    );
    await server.line('never-started');
    server.child.kill('SIGTERM');
    expect(await hanging).toBe('connection closed');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('1 request(s) still running after 300 ms: closing their connections');
  });
});
