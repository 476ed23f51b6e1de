/**
 * The container image without a Docker engine: builds the runtime stage's folder the way the
 * Dockerfile does (its own COPY lines, ENV and CMD) in a temporary folder with no node_modules
 * above it, starts it with Node alone against an emulator started here, signs in, and stops it
 * with SIGTERM while a request is in flight. Slow (it needs `npm run build`): `npm run test:image`.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index';
import { freePort } from '../../lib/server/testing/free-port';
import { buildIsStale } from '../../scripts/build-freshness';
import { startHoldingProxy, type HoldingProxy } from '../support/holding-proxy';
import { readRuntimeStage, type RuntimeStage } from './dockerfile';

const root = path.resolve(import.meta.dirname, '..', '..');
const stage: RuntimeStage = readRuntimeStage(path.join(root, 'Dockerfile'));
const ADMIN_PASSWORD = 'image-test-password';

let folder: string;
let dataDir: string;
let emulator: RunningEmulator;
let proxy: HoldingProxy;
let server: ChildProcessWithoutNullStreams | undefined;
let output = '';
let exited: Promise<number | null>;
let url: string;

/** What `COPY --from=build /app/x ./y` copies, with the build stage's WORKDIR standing for this checkout. */
function buildRuntimeFolder(into: string): void {
  for (const copy of stage.copies) {
    const buildWorkdir = stage.workdirs[copy.fromStage];
    if (!buildWorkdir || !copy.source.startsWith(`${buildWorkdir}/`))
      throw new Error(`cannot map ${copy.source} from stage ${copy.fromStage}`);
    const source = path.join(root, copy.source.slice(buildWorkdir.length + 1));
    const destination = path.join(into, path.relative(stage.workdir, path.resolve(stage.workdir, copy.destination)));
    cpSync(source, destination, { recursive: true });
  }
}

async function waitForReady(): Promise<void> {
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const status = await fetch(`${url}/api/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  if (
    buildIsStale(root) ||
    !readFileSync(path.join(root, '.next', 'standalone', 'server.js'), 'utf8').includes('sluiceCreateRequire')
  ) {
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  folder = mkdtempSync(path.join(tmpdir(), 'sluice-image-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'sluice-image-data-'));
  buildRuntimeFolder(folder);

  emulator = await startEmulator({ port: 0, quiet: true });
  proxy = await startHoldingProxy(emulator.cloudUrl);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const [command, ...args] = stage.cmd;
  expect(command).toBe('node');
  const child = spawn(process.execPath, args, {
    cwd: folder,
    env: {
      // Only the image's variables and what an operator passes: no NODE_PATH, no project folder.
      PATH: '/usr/bin:/bin',
      ...stage.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SLUICE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '20000',
      PIPE_METRICS_INTERVAL_MS: '1000',
      CLOUD_API_URL: proxy.url,
      CLOUD_API_KEY_ID: emulator.cloudKeyId,
      CLOUD_API_KEY_SECRET: emulator.cloudKeySecret,
      CLOUD_ORGANIZATION_ID: emulator.organizationId,
      CLOUD_SERVICE_ID: emulator.serviceId,
      OBSERVABILITY_API_URL: emulator.observabilityUrl,
      OBSERVABILITY_API_KEY: emulator.observabilityApiKey,
      CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SESSION_SECRET: 'an-image-test-session-secret-of-48-characters!!',
    },
  });
  server = child;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  await waitForReady();
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await proxy?.close();
  await emulator?.close();
  for (const dir of [folder, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Dockerfile', () => {
  it('runs from a pinned Node 20 image, as a non-root user, with its port, data volume and health check', () => {
    const froms = readFileSync(path.join(root, 'Dockerfile'), 'utf8').match(/^FROM \S+/gm) ?? [];
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from).toMatch(/^FROM node:20\.\d+\.\d+-bookworm-slim$/);
    expect(stage.user).toBe('node');
    expect(stage.exposed).toEqual([stage.env.PORT]);
    expect(stage.volumes).toEqual([stage.env.SLUICE_DATA_DIR]);
    expect(stage.healthcheck).toContain('/api/health');
  });
});

describe("the runtime stage's folder, started with Node alone", { timeout: 60_000 }, () => {
  it('has no node_modules of the project to fall back on', () => {
    for (let dir = path.dirname(folder); ; dir = path.dirname(dir)) {
      expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
      if (dir === path.dirname(dir)) break;
    }
    expect(statSync(path.join(folder, 'server.js')).isFile()).toBe(true);
  });

  it('holds no sources, tests or fixtures beside the server', () => {
    const top = readdirSync(folder).sort();
    expect(top).toEqual(['.next', 'contract', 'node_modules', 'package.json', 'public', 'server.js']);
    expect(readdirSync(path.join(folder, 'contract')).every((name) => name.endsWith('.json'))).toBe(true);
  });

  it('answers /api/health and /api/ready, passes its own HEALTHCHECK, and signs in', async () => {
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      upstreams: { cloud: { reachable: true }, observability: { reachable: true } },
    });
    expect(await (await fetch(`${url}/api/ready`)).json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', sharedState: 'ok' },
    });

    const healthcheck = JSON.parse(stage.healthcheck!.slice(stage.healthcheck!.indexOf('CMD') + 3)) as string[];
    const probe = spawnSync(process.execPath, healthcheck.slice(1), {
      env: { NODE_ENV: 'production', PORT: new URL(url).port },
      timeout: 10_000,
    });
    expect(probe.status).toBe(0);

    const signIn = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ user: { name: 'admin', role: 'admin' } });
    expect(signIn.headers.get('set-cookie')).toMatch(/HttpOnly/);
  });

  it("scrapes the service's pipe metrics from the start (the instrumentation hook runs)", async () => {
    await proxy.seen('/prometheus');
  });

  it('serves the sign-in page and its static assets (the copied .next/static)', async () => {
    const page = await fetch(`${url}/login`);
    expect(page.status).toBe(200);
    const asset = /\/_next\/static\/[^"']+\.js/.exec(await page.text())?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(`${url}${asset}`)).status).toBe(200);
  });

  it('on SIGTERM answers /api/ready 503, finishes the upstream call in flight and exits 0', async () => {
    const signIn = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const pipesPath = `/api/cloud/v1/organizations/${emulator.organizationId}/services/${emulator.serviceId}/datapipes`;

    // The upstream path in the cloud API's own names (the BFF route keeps the console's).
    const held = proxy.holdNext('/clickpipes');
    const inFlight = fetch(`${url}${pipesPath}`, { headers: { cookie } });
    await held;

    server!.kill('SIGTERM');
    for (;;) {
      const ready = await fetch(`${url}/api/ready`);
      if (ready.status === 503) {
        expect(await ready.json()).toEqual({ status: 'stopping' });
        break;
      }
    }
    const refused = await fetch(`${url}/api/session`, { headers: { cookie } });
    expect(refused.status).toBe(503);

    proxy.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveProperty('result');
    expect(await exited).toBe(0);
    expect(output).toMatch(/^stopped \(.*database.*\)$/m);
  });
});
