/** Starts the emulator and a production console as child processes on the benchmark's own ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildIsStale } from '../../scripts/build-freshness';
import { addCompileHints, chunksDir } from '../../scripts/compile-hints';

export const root = path.resolve(import.meta.dirname, '..', '..');

/** Ports can be moved (BENCH_PORT_OFFSET) so two checkouts can benchmark side by side. */
const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0) || 0;

export const BENCH = {
  consolePort: 3200 + portOffset,
  /** `BENCH_EMULATOR_PORT` places the emulator apart from the console (a checkout given a narrow port range). */
  emulatorPort: Number(process.env.BENCH_EMULATOR_PORT) || 4210 + portOffset,
  organizationId: '3d4c5b6a-7e8f-4a0b-9c1d-2e3f4a5b6c70',
  serviceId: '6a5b4c3d-2e1f-4a0b-8c9d-7e6f5a4b3c21',
  cloudKeyId: 'BENCHkeyID0123456789',
  cloudKeySecret: 'bench-cloud-secret-0123456789abcdef',
  observabilityApiKey: 'bench-observability-key-0123456789',
  adminPassword: 'bench-admin-password-1',
} as const;

export const consoleUrl = `http://127.0.0.1:${BENCH.consolePort}`;
export const cloudUrl = `http://127.0.0.1:${BENCH.emulatorPort}`;

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Its own process group, so that stopping it also stops what it spawned (next start's server).
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => tail.push(chunk.toString()) > 50 && tail.shift();
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    // 143: stopped by our own SIGTERM.
    if (code && code !== 143) process.stderr.write(`${command} ${args.join(' ')} exited ${code}\n${tail.join('')}`);
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

export async function ensureBuild(): Promise<void> {
  if (!buildIsStale(root)) return;
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  await run(process.execPath, [nextBin, 'build'], { ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
  // As `npm run build` does: the pages measured are the pages shipped.
  addCompileHints(chunksDir(root));
}

export interface BenchServers {
  stop(): void;
}

/** The emulator as its own process, so it does not share an event loop with the load generator. */
export async function startServers(overrides: Record<string, string> = {}): Promise<BenchServers> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    SLUICE_DATA_DIR: path.join(root, '.data', 'bench'),
    EMULATOR_PORT: String(BENCH.emulatorPort),
    CLOUD_ORGANIZATION_ID: BENCH.organizationId,
    CLOUD_SERVICE_ID: BENCH.serviceId,
    CLOUD_API_KEY_ID: BENCH.cloudKeyId,
    CLOUD_API_KEY_SECRET: BENCH.cloudKeySecret,
    OBSERVABILITY_API_KEY: BENCH.observabilityApiKey,
    CLOUD_API_URL: cloudUrl,
    OBSERVABILITY_API_URL: `http://127.0.0.1:${BENCH.emulatorPort + 1}`,
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
    CONSOLE_ADMIN_PASSWORD: BENCH.adminPassword,
    LOG_LEVEL: 'warn',
    ...overrides,
  };
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const emulator = spawnLogged(tsx, ['emulator/main.ts'], env);
  // The console's own HTTP server, as `npm start` runs it.
  const next = spawnLogged(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/console-server.ts'],
    {
      ...env,
      NODE_ENV: 'production',
      PORT: String(BENCH.consolePort),
      HOST: '127.0.0.1',
    },
  );
  const stop = () => {
    for (const child of [next, emulator]) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM'); // the group is gone already
      }
    }
  };
  try {
    await waitFor(`${cloudUrl}/__emulator/health`);
    await waitFor(`${consoleUrl}/api/health`);
  } catch (error) {
    stop();
    throw error;
  }
  return { stop };
}

/** Signs the benchmark's admin in to a console (the bench's own by default) and returns the session cookie. */
export async function signIn(base: string = consoleUrl): Promise<string> {
  const response = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'admin', password: BENCH.adminPassword }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in on ${base} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie');
  if (!cookie) throw new Error(`sign-in on ${base} set no cookie`);
  return cookie.split(';')[0]!;
}

/** A signed-in admin on one of several consoles (the team and fault benches). */
export interface ConsoleSession {
  base: string;
  cookie: string;
}

export async function consoleSession(base: string): Promise<ConsoleSession> {
  return { base, cookie: await signIn(base) };
}

/** The most of `times` (epoch ms) that fall within any one window of `windowMs`: a budget's peak use. */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}
