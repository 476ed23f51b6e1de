import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCloudSurface } from './cloud/surface';
import { KEY_SECRET_LENGTH } from './cloud/keys';
import { BudgetEnforcer, type SurfaceBudget, type SurfaceName } from './budgets';
import { FaultStore } from './faults';
import { ChartData, type ChartFixture } from './oss/charts/events';
import { createOssSurface } from './oss/surface';
import { newUuid, randomAlphanumeric } from './prng';
import { RequestLog, type RequestLogEntry } from './request-log';
import { createSecretHasher } from './secrets';
import { buildSeed, defaultIdentity, OTHER_SEEDED_KEY_COUNT, type SeedConfig } from './seed';
import { createSurfaceServer } from './server';
import { DEFAULT_STEP_MS } from './cloud/pipes/lifecycle';
import { QueryEngine } from './engine/engine';
import { PipeTables } from './engine/pipe-tables';
import { EmulatorState } from './state';

export { EmulatorState, markPostgresPipe } from './state';

export interface EmulatorOptions {
  /** Cloud surface port; the open-source surface listens on port + 1. 0 picks free ports for both. */
  port?: number;
  organizationId?: string;
  serviceId?: string;
  /** The seeded admin key's Basic-auth pair; generated when absent (the secret randomly). */
  cloudKeyId?: string;
  cloudKeySecret?: string;
  /** Bearer key of the open-source surface. */
  observabilityApiKey?: string;
  quiet?: boolean;
  /** Length of one step of the pipe state machines, in ms (main reads `EMULATOR_STEP_MS`); default 3000. */
  stepMs?: number;
  /** Generated chart events per source; when absent, env `EMULATOR_EVENTS`, else 50 000. */
  chartEvents?: number;
  /** Fixed chart events for the seeded log and trace sources, replacing the generated ones. */
  chartFixture?: ChartFixture;
  /** Per-key request budgets per surface (`EMULATOR_BUDGETS=real`); none when absent. */
  budgets?: Record<SurfaceName, SurfaceBudget>;
  /** Called with every answered request, for an in-process observer (bench/team counts upstream calls). */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * The embedded ClickHouse (chdb, a dev dependency) behind the query host and the pipes' tables;
   * default true. It loads in a child process after the emulator listens; without it (false, or chdb
   * not installed) pipes are created unchecked and the query host answers 503.
   */
  queryEngine?: boolean;
}

export interface RunningEmulator {
  cloudUrl: string;
  observabilityUrl: string;
  organizationId: string;
  serviceId: string;
  cloudKeyId: string;
  cloudKeySecret: string;
  observabilityApiKey: string;
  /** The live in-memory world, for in-process tests (e.g. `state.markPostgresPipe(id)`). */
  state: EmulatorState;
  close(): Promise<void>;
}

export const DEFAULT_EMULATOR_PORT = 4010;
const HOST = '127.0.0.1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkOptions(options: EmulatorOptions): void {
  for (const field of ['organizationId', 'serviceId'] as const) {
    const value = options[field];
    if (value !== undefined && !UUID.test(value))
      throw new Error(`Emulator option ${field} must be a UUID, got "${value}"`);
  }
  if (options.cloudKeyId !== undefined && (options.cloudKeyId === '' || options.cloudKeyId.includes(':'))) {
    throw new Error('Emulator option cloudKeyId must be non-empty and must not contain ":"');
  }
  for (const field of ['cloudKeySecret', 'observabilityApiKey'] as const) {
    if (options[field] === '') throw new Error(`Emulator option ${field} must not be empty`);
  }
  if (options.stepMs !== undefined && (!Number.isFinite(options.stepMs) || options.stepMs < 0)) {
    throw new Error(`Emulator option stepMs must be a non-negative number, got ${options.stepMs}`);
  }
  if (options.chartEvents !== undefined && (!Number.isInteger(options.chartEvents) || options.chartEvents < 0)) {
    throw new Error(`Emulator option chartEvents must be a non-negative integer, got ${options.chartEvents}`);
  }
  const port = options.port;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65534)) {
    throw new Error(`Emulator port must be an integer between 0 and 65534, got ${port}`);
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, HOST, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function shutdown(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Hanging faults hold requests open on purpose; a close must not wait for them.
    server.closeAllConnections();
  });
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkOptions(options);
  const defaults = defaultIdentity();
  const organizationId = options.organizationId ?? defaults.organizationId;
  const serviceId = options.serviceId ?? defaults.serviceId;
  const cloudKeyId = options.cloudKeyId ?? defaults.cloudKeyId;
  const cloudKeySecret = options.cloudKeySecret ?? randomAlphanumeric(KEY_SECRET_LENGTH);
  const observabilityApiKey = options.observabilityApiKey ?? newUuid();
  const quiet = options.quiet ?? false;

  const secrets = createSecretHasher();
  const seedConfig: SeedConfig = {
    organizationId,
    serviceId,
    consoleKeyId: cloudKeyId,
    consoleSecretHash: secrets.hash(cloudKeySecret),
    otherSecretHashes: Array.from({ length: OTHER_SEEDED_KEY_COUNT }, () =>
      secrets.hash(randomAlphanumeric(KEY_SECRET_LENGTH)),
    ),
    startedAt: new Date(),
  };
  const charts = new ChartData({
    startedAt: seedConfig.startedAt.getTime(),
    events: options.chartEvents,
    fixture: options.chartFixture,
  });
  const state = new EmulatorState(() => buildSeed(seedConfig), secrets, charts);
  const budgets = options.budgets ? new BudgetEnforcer(options.budgets) : undefined;
  const engine = options.queryEngine === false ? undefined : new QueryEngine();
  const tables = engine && new PipeTables(state, engine, () => options.stepMs ?? DEFAULT_STEP_MS);
  const deps = {
    state,
    faults: new FaultStore(),
    log: new RequestLog(),
    connections: { cloud: 0, observability: 0 },
    quiet,
    budgets,
    onRequest: options.onRequest,
    tables,
  };
  const cloudServer = createSurfaceServer(createCloudSurface({ stepMs: options.stepMs }), deps);
  const ossServer = createSurfaceServer(createOssSurface(observabilityApiKey), deps);

  const port = options.port ?? DEFAULT_EMULATOR_PORT;
  const cloudPort = await listen(cloudServer, port);
  let ossPort: number;
  try {
    ossPort = await listen(ossServer, port === 0 ? 0 : port + 1);
  } catch (error) {
    await shutdown(cloudServer);
    throw error;
  }
  // In the background: a start never waits for the engine; the first query or pipe creation does.
  engine?.start().catch(() => undefined);

  return {
    cloudUrl: `http://${HOST}:${cloudPort}`,
    observabilityUrl: `http://${HOST}:${ossPort}`,
    organizationId,
    serviceId,
    cloudKeyId,
    cloudKeySecret,
    observabilityApiKey,
    state,
    async close() {
      state.clearTimers();
      await Promise.all([shutdown(cloudServer), shutdown(ossServer)]);
      await engine?.close();
    },
  };
}
