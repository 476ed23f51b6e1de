import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

/**
 * Not used by the console: a throwaway Redis from Debian's package for tests and benchmarks, on
 * a free loopback port, in memory only, stopped by its pid. scripts/ensure-redis.sh installs it.
 */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (the fault bench: Redis stopped, then back). */
  start(): Promise<void>;
}

const SERVER = '/usr/bin/redis-server';

export function redisUnavailableReason(): string | null {
  return existsSync(SERVER) ? null : "Debian's redis-server is not installed (scripts/ensure-redis.sh installs it)";
}

export async function startTestRedis(): Promise<TestRedis> {
  const reason = redisUnavailableReason();
  if (reason) throw new Error(`Cannot start Redis: ${reason}`);
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child = await spawnRedis(port, url);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(child.pid as number, 'SIGTERM');
      }),
    start: async () => {
      if (child.exitCode === null) return;
      child = await spawnRedis(port, url);
    },
  };
}

async function spawnRedis(port: number, url: string): Promise<ChildProcess> {
  const child = spawn(SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}: ${stderr}`);
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    const up = await probe.connect().then(
      () => probe.ping(),
      () => null,
    );
    probe.disconnect();
    if (up === 'PONG') return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer within 15 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
