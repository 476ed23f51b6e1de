/**
 * `npm start` / `npm run dev`: the one command a newcomer runs.
 * Builds when the build is missing or stale, starts the embedded emulator for every upstream whose
 * URL is unset, starts the console and prints where it is and how to sign in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { emulatorEnvOptions } from '../emulator/env-options';
import { startEmulator, type RunningEmulator } from '../emulator/index';
import { buildIsStale } from './build-freshness';
import { addCompileHints, chunksDir } from './compile-hints';
import { SECRET_VARIABLES, shutdownGraceMs } from '../lib/server/env-check';
import { loadDotEnv } from './dot-env';
import { prepareConsole, printSignIn } from './prepare-console';
import { startCheck } from './start-check';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [nextBin, ...args], { cwd: root, env, stdio: 'inherit' });
}

function waitForExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function buildIfNeeded(env: NodeJS.ProcessEnv): Promise<void> {
  if (!buildIsStale(root)) return;
  console.log('Building the console (first start or sources changed)…');
  const buildEnv = { ...env };
  for (const name of SECRET_VARIABLES) delete buildEnv[name];
  const code = await waitForExit(run(['build'], buildEnv));
  if (code !== 0) {
    console.error(`next build failed with exit code ${code}`);
    process.exit(code);
  }
  addCompileHints(chunksDir(root));
  // As `npm run build` does, so `.next/standalone/` is never left with Next's own server.js.
  const standalone = await waitForExit(
    spawn(process.execPath, [tsxCli, path.join(root, 'scripts', 'build-standalone.ts')], {
      cwd: root,
      env: buildEnv,
      stdio: 'inherit',
    }),
  );
  if (standalone !== 0) process.exit(standalone);
}

async function startEmbeddedEmulator(env: NodeJS.ProcessEnv): Promise<RunningEmulator | undefined> {
  const emulateCloud = !env.CLOUD_API_URL;
  const emulateObservability = !env.OBSERVABILITY_API_URL;
  if (!emulateCloud && !emulateObservability) return undefined;

  const emulator = await startEmulator({
    ...emulatorEnvOptions(env),
    organizationId: env.CLOUD_ORGANIZATION_ID,
    serviceId: env.CLOUD_SERVICE_ID,
    cloudKeyId: emulateCloud ? env.CLOUD_API_KEY_ID : undefined,
    cloudKeySecret: emulateCloud ? env.CLOUD_API_KEY_SECRET : undefined,
    observabilityApiKey: emulateObservability ? env.OBSERVABILITY_API_KEY : undefined,
    quiet: true,
  });
  if (emulateCloud) {
    Object.assign(env, {
      CLOUD_API_URL: emulator.cloudUrl,
      CLOUD_API_KEY_ID: emulator.cloudKeyId,
      CLOUD_API_KEY_SECRET: emulator.cloudKeySecret,
      CLOUD_ORGANIZATION_ID: emulator.organizationId,
      CLOUD_SERVICE_ID: emulator.serviceId,
    });
    console.log(`Emulator: cloud surface at ${emulator.cloudUrl}`);
  }
  if (emulateObservability) {
    Object.assign(env, {
      OBSERVABILITY_API_URL: emulator.observabilityUrl,
      OBSERVABILITY_API_KEY: emulator.observabilityApiKey,
    });
    console.log(`Emulator: observability surface at ${emulator.observabilityUrl}`);
  }
  // Lets /api/health say which surfaces are emulated rather than guess from the URL.
  env.SLUICE_EMULATED = [emulateCloud && 'cloud', emulateObservability && 'observability'].filter(Boolean).join(',');
  return emulator;
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status < 500 || response.status === 503) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main(): Promise<void> {
  loadDotEnv(root);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const port = env.PORT ?? '3000';
  const host = env.HOST ?? '127.0.0.1';
  const signIn = await prepareConsole(env, startCheck);

  if (!dev) await buildIfNeeded(env);
  const emulator = await startEmbeddedEmulator(env);

  // Node itself with tsx's loader (not tsx's CLI, a second process that relays signals): SIGTERM
  // reaches the server that drains, and a SIGKILL leaves nothing behind.
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'console-server.ts'), ...(dev ? ['--dev'] : [])],
    {
      cwd: root,
      env: { ...env, PORT: port, HOST: host, NODE_ENV: dev ? 'development' : 'production' },
      stdio: 'inherit',
    },
  );
  let stopping = false;
  // The console drains first (its requests in flight may still need the emulator), then the emulator stops.
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = waitForExit(server);
      server.kill('SIGTERM');
      // Its own stop is bounded (grace, then a deadline per closing step); this is the backstop.
      const backstop = setTimeout(() => server.kill('SIGKILL'), shutdownGraceMs(env) + 15_000);
      await exited;
      clearTimeout(backstop);
    }
    await emulator?.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));
  server.on('exit', (code) => void stop(code ?? 1));

  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!(await waitUntilReady(url, server))) {
    console.error('The console did not start within 120 s.');
    await stop(1);
    return;
  }

  console.log('');
  console.log(`Sluice is running at ${url}`);
  printSignIn(env, signIn);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
