/**
 * `npm start` / `npm run dev`: the one command a newcomer runs.
 * Builds when the build is missing or stale, starts the embedded emulator for every upstream whose
 * URL is unset, starts the console and prints where it is and how to sign in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { emulatorEnvOptions } from '../emulator/env-options';
import { startEmulator, type RunningEmulator } from '../emulator/index';
import { resolveSessionSecret } from '../lib/local/session-secret';
import { UsersStore } from '../lib/local/users-store';
import { importUsersFile, IMPORTED_SUFFIX } from '../lib/local/users-file-import';
import { openDatabase } from '../lib/server/db/open';
import { isDirect } from '../lib/server/db/types';
import { checkSignInSettings, type OidcSettings } from '../lib/server/oidc/settings';
import { buildIsStale } from './build-freshness';
import { loadDotEnv } from './dot-env';
import { printProblems, startCheck } from './start-check';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Variables that carry secrets: never handed to `next build`, so nothing secret can be inlined. */
const SECRET_VARIABLES = [
  'CLOUD_API_KEY_ID',
  'CLOUD_API_KEY_SECRET',
  'OBSERVABILITY_API_KEY',
  'SESSION_SECRET',
  'CONSOLE_ADMIN_PASSWORD',
  'DATABASE_URL',
  'REDIS_URL',
  'METRICS_TOKEN',
  'OIDC_CLIENT_SECRET',
];

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

/**
 * Opens the database before anything else starts, so a wrong DATABASE_URL or an unusable data
 * folder stops `npm start` here with a message naming the variable; migrates it, imports an earlier
 * version's users file once, and makes sure the built-in admin can sign in. Closed again before the
 * console opens it (PGlite takes one process at a time).
 */
async function prepareDatabase(localUsers: boolean): Promise<{ generatedPassword?: string }> {
  // Not through a running console: a second console on the same data folder must stop here.
  const db = await openDatabase({ role: 'tool', shareRunning: false });
  try {
    console.log(`Database: ${db.description}`);
    if (isDirect(db)) {
      const imported = await importUsersFile(db);
      if (imported) console.log(`Imported ${imported.imported} user(s) from ${imported.file} (kept as ${imported.file}${IMPORTED_SUFFIX})`);
    }
    return localUsers ? await new UsersStore(db).ensureAdminPassword() : {};
  } finally {
    await db.close();
  }
}

function printSignIn(env: NodeJS.ProcessEnv, oidc: OidcSettings | null, localUsers: boolean, generatedPassword: string | undefined): void {
  if (oidc) console.log(`Single sign-on: "Sign in with ${oidc.providerName}" (${oidc.issuer.href}).`);
  if (!localUsers) {
    console.log('Local users are off (LOCAL_USERS=off): everyone signs in with single sign-on.');
    return;
  }
  if (env.CONSOLE_ADMIN_PASSWORD) {
    console.log('Sign in as "admin" with the password in CONSOLE_ADMIN_PASSWORD.');
  } else if (generatedPassword) {
    console.log(`Sign in as "admin" with this generated password (shown only now): ${generatedPassword}`);
    console.log('Change it with `npm run users -- passwd admin`, or set CONSOLE_ADMIN_PASSWORD.');
  } else {
    console.log('Sign in as "admin" with the password printed on the first start');
    console.log('(forgot it? `npm run users -- passwd admin`, or set CONSOLE_ADMIN_PASSWORD).');
  }
  console.log('Add more users with `npm run users -- add NAME --role viewer|editor|admin`.');
}

async function main(): Promise<void> {
  loadDotEnv(root);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  // Every variable first, so a malformed one stops the start here with one line naming it.
  const problems = await startCheck(env);
  if (problems.length > 0) {
    printProblems(problems);
    process.exit(1);
  }
  if (env.REDIS_URL?.trim()) console.log('Shared state: Redis (it answers)');
  const port = env.PORT ?? '3000';
  const host = env.HOST ?? '127.0.0.1';

  env.SESSION_SECRET = resolveSessionSecret();
  const { oidc, localUsers } = checkSignInSettings(env);
  const { generatedPassword } = await prepareDatabase(localUsers);

  if (!dev) await buildIfNeeded(env);
  const emulator = await startEmbeddedEmulator(env);

  const server = spawn(process.execPath, [tsxCli, path.join(root, 'scripts', 'console-server.ts'), ...(dev ? ['--dev'] : [])], {
    cwd: root,
    env: { ...env, PORT: port, HOST: host, NODE_ENV: dev ? 'development' : 'production' },
    stdio: 'inherit',
  });
  let stopping = false;
  // The console drains first (its requests in flight may still need the emulator), then the emulator stops.
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await waitForExit(server);
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
  printSignIn(env, oidc, localUsers, generatedPassword);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
