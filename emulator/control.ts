import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BudgetEnforcer } from './budgets';
import type { PipeTables } from './engine/pipe-tables';
import { forceState } from './cloud/pipes/lifecycle';
import type { StoredPipe } from './cloud/pipes/types';
import type { FaultStore } from './faults';
import { parseFaultSpec } from './faults';
import { parseJsonBody, readBody } from './http/body';
import { HttpError } from './http/errors';
import { sendJson } from './http/respond';
import { Router } from './http/router';
import { isLoopback } from './net/ip';
import type { RequestLog } from './request-log';
import { GROWTH_LIMITS, growOrganization } from './seed';
import type { EmulatorState, ServiceState } from './state';

const CONTROLLED_SERVICE_STATES: readonly ServiceState[] = ['running', 'idle', 'stopped'];

export interface ControlDeps {
  state: EmulatorState;
  faults: FaultStore;
  log: RequestLog;
  /** TCP connections accepted per surface since start: a benchmark reads it to see upstream connections reused. */
  connections: Record<'cloud' | 'observability', number>;
  /** The real services' per-key budgets, when turned on (`EMULATOR_BUDGETS=real`). */
  budgets?: BudgetEnforcer;
  /** The pipes' tables in the embedded engine; absent when the emulator runs without one. */
  tables?: PipeTables;
}

interface ControlRequest {
  params: Record<string, string>;
  body: () => Promise<unknown>;
  deps: ControlDeps;
}

type ControlHandler = (request: ControlRequest) => Promise<[number, unknown]> | [number, unknown];

/** A pipe of any service, by id. */
function pipeOf({ params, deps }: ControlRequest): StoredPipe {
  const stored = deps.state.pipes.get(params.pipeId!);
  if (!stored) throw new HttpError(404, `No pipe ${params.pipeId}`);
  return stored;
}

function failureReason(body: unknown): string {
  const reason = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).reason : undefined;
  if (typeof reason !== 'string' || reason.trim() === '')
    throw new HttpError(400, 'Invalid failure: reason must be a non-empty string');
  return reason;
}

const pipeAnswer = ({ record }: StoredPipe): [number, unknown] => [200, { id: record.id, state: record.state }];

const routes = new Router<ControlHandler>()
  .get('/__emulator/health', () => [200, { ok: true }])
  .get('/__emulator/stats', ({ deps }) => [200, { connections: deps.connections }])
  .get('/__emulator/faults', ({ deps }) => [200, { data: deps.faults.list() }])
  .post('/__emulator/faults', async ({ body, deps }) => {
    const parsed = parseFaultSpec(await body());
    if (!parsed.ok) return [400, { message: `Invalid fault: ${parsed.message}` }];
    return [200, { id: deps.faults.add(parsed.spec).id }];
  })
  .delete('/__emulator/faults', ({ deps }) => {
    deps.faults.clear();
    return [200, {}];
  })
  .delete('/__emulator/faults/:id', ({ params, deps }) =>
    deps.faults.remove(params.id!) ? [200, {}] : [404, { message: `No fault ${params.id}` }],
  )
  .get('/__emulator/requests', ({ deps }) => [200, { data: deps.log.list() }])
  .delete('/__emulator/requests', ({ deps }) => {
    deps.log.clear();
    return [200, {}];
  })
  // Marks a service as having a provisioned Postgres pipe without creating one (the browser suite uses it).
  .post('/__emulator/services/:serviceId/postgres-pipe', ({ params, deps }) => {
    deps.state.markPostgresPipe(params.serviceId!);
    return [200, { ok: true }];
  })
  // Shows the console's "no database pipe yet" state on a service that has one.
  .delete('/__emulator/services/:serviceId/postgres-pipe', ({ params, deps }) => {
    deps.state.markPostgresPipe(params.serviceId!, false);
    return [200, { ok: true }];
  })
  // A pipe failing upstream, with the reason its log gives, until a recovery or a command restarts it.
  .post('/__emulator/pipes/:pipeId/fail', async (request) => {
    const stored = pipeOf(request);
    forceState(request.deps.state, stored, 'Failed', { level: 'error', message: failureReason(await request.body()) });
    return pipeAnswer(stored);
  })
  .post('/__emulator/pipes/:pipeId/recover', (request) => {
    const stored = pipeOf(request);
    forceState(request.deps.state, stored, 'Running', { level: 'info', message: 'Pipe recovered; ingestion resumed' });
    return pipeAnswer(stored);
  })
  // Puts a service in a state of the cloud's own (the query host answers 206 for idle and stopped ones).
  .post('/__emulator/services/:serviceId/state', async ({ params, body, deps }) => {
    const service = deps.state.services.get(params.serviceId!);
    if (!service) throw new HttpError(404, `No service ${params.serviceId}`);
    const raw = await body();
    const next = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>).state : undefined;
    if (!CONTROLLED_SERVICE_STATES.includes(next as ServiceState)) {
      throw new HttpError(400, `Invalid service state: state must be one of ${CONTROLLED_SERVICE_STATES.join(', ')}`);
    }
    service.state = next as ServiceState;
    return [200, { id: service.id, state: service.state }];
  })
  // A user dropping a pipe's destination table: the pipe writes no more rows (its error table stays).
  .post('/__emulator/pipes/:pipeId/drop-destination', async (request) => {
    const stored = pipeOf(request);
    const tables = request.deps.tables;
    if (!tables || !(await tables.engine.available()))
      throw new HttpError(409, 'This emulator runs without a query engine');
    const dropped = await tables.dropDestination(stored);
    return [200, { id: stored.record.id, dropped }];
  })
  // A large organization for benchmarks: services and pipes added up to the totals asked for.
  .post('/__emulator/organization/grow', async ({ body, deps }) => {
    const raw = await body();
    const target = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    for (const key of ['services', 'pipes'] as const) {
      const value = target[key];
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > GROWTH_LIMITS[key])
        throw new HttpError(400, `Invalid growth: ${key} must be an integer from 0 to ${GROWTH_LIMITS[key]}`);
    }
    growOrganization(deps.state, { services: target.services as number, pipes: target.pipes as number });
    return [200, { services: deps.state.services.size, pipes: deps.state.pipes.size }];
  })
  .post('/__emulator/reset', ({ deps }) => {
    deps.state.reset();
    deps.tables?.reset();
    deps.faults.clear();
    deps.log.clear();
    deps.budgets?.reset();
    return [200, { ok: true }];
  });

/** The test-control API: not behind auth, so only loopback peers may use it. */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: ControlDeps,
): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress)) {
    sendJson(res, 403, { message: 'The emulator control API accepts loopback clients only' });
    return;
  }
  const match = routes.match(req.method ?? 'GET', url.pathname);
  if (!match) {
    sendJson(res, 404, { message: `No control route ${req.method} ${url.pathname}` });
    return;
  }
  try {
    const [status, body] = await match.handler({
      params: match.params,
      deps,
      body: async () => parseJsonBody(await readBody(req)),
    });
    sendJson(res, status, body);
  } catch (error) {
    if (error instanceof HttpError) sendJson(res, error.status, { message: error.message });
    else throw error;
  }
}
