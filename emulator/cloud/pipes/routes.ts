import { withoutNulls } from '../../http/absent';
import { HttpError } from '../../http/errors';
import { newUuid } from '../../prng';
import { SERVICE, route, type CloudContext, type CloudRouter } from '../context';
import { NO_RESULT } from '../envelope';
import { objectBody, requireService, uuidParam } from '../lookup';
import {
  checkEditable,
  creationSteps,
  DEFAULT_STEP_MS,
  PIPE_COMMANDS,
  runCommand,
  runSteps,
  type PipeCommand,
} from './lifecycle';
import { bad } from './validate-common';
import { newMeter, profileFor } from './meter';
import { parseCreate, parsePatch } from './validate-pipe';
import { parseScaling, parseSettings } from './validate-tuning';
import { CONSUMER_GROUP_PREFIX, kindOf, type Pipe, type StoredPipe } from './types';

export interface PipeRouteOptions {
  /** Length of one state-machine step. */
  stepMs?: number;
}

const PIPES = `${SERVICE}/clickpipes`;
const PIPE = `${PIPES}/:clickPipeId`;

/** The wire form: a deep copy (a caller never holds the stored record) without `null` properties. */
export const pipeRecord = (pipe: Pipe): Pipe => withoutNulls(pipe);
const settingsRecord = (pipe: Pipe) => withoutNulls({ ...pipe.settings });

function requirePipe(ctx: CloudContext): StoredPipe {
  const service = requireService(ctx);
  const id = uuidParam(ctx, 'clickPipeId');
  const stored = ctx.state.pipes.get(id);
  if (!stored || stored.record.serviceId !== service.id) throw new HttpError(404, `pipe ${id} not found`);
  return stored;
}

async function create(ctx: CloudContext, stepMs: number): Promise<Pipe> {
  const service = requireService(ctx);
  const body = objectBody(ctx);
  if (!ctx.state.isServiceRunning(service.id)) throw new HttpError(424, `service ${service.id} is not running`);
  const input = parseCreate(body);
  const id = newUuid();
  const now = new Date().toISOString();
  const { kind, name, ...fields } = input;
  if (kind === 'kafka' && fields.source.kafka && fields.source.kafka.consumerGroup === null) {
    fields.source.kafka.consumerGroup = `${CONSUMER_GROUP_PREFIX}${id}`;
  }
  const record: Pipe = {
    id,
    name,
    serviceId: service.id,
    state: 'Provisioning',
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  const stored: StoredPipe = { record, epoch: 0, meter: newMeter(profileFor(record), Date.now()), log: [] };
  // The destination table first: a destination the engine refuses is a 400 and no pipe.
  await ctx.tables?.pipeCreated(stored);
  ctx.state.pipes.set(id, stored);
  runSteps(ctx.state, stored, creationSteps(record), stepMs);
  return pipeRecord(record);
}

function parseCommand(body: Record<string, unknown>): PipeCommand {
  if (!PIPE_COMMANDS.includes(body.command as PipeCommand))
    throw bad(`command must be one of ${PIPE_COMMANDS.join(', ')}`);
  return body.command as PipeCommand;
}

export function registerPipeRoutes(router: CloudRouter, options: PipeRouteOptions = {}): void {
  const stepMs = options.stepMs ?? DEFAULT_STEP_MS;
  const touch = (pipe: Pipe) => {
    pipe.updatedAt = new Date().toISOString();
    return pipeRecord(pipe);
  };

  router.get(
    PIPES,
    route('developer', (ctx) => {
      const service = requireService(ctx);
      return [...ctx.state.pipes.values()]
        .filter((p) => p.record.serviceId === service.id)
        .map((p) => pipeRecord(p.record));
    }),
  );
  router.post(
    PIPES,
    route('developer', (ctx) => create(ctx, stepMs)),
  );
  router.get(
    PIPE,
    route('developer', (ctx) => pipeRecord(requirePipe(ctx).record)),
  );
  router.patch(
    PIPE,
    route('developer', (ctx) => {
      const { record } = requirePipe(ctx);
      const body = objectBody(ctx);
      checkEditable(record);
      Object.assign(record, parsePatch(record, body));
      return touch(record);
    }),
  );
  router.delete(
    PIPE,
    route('developer', (ctx) => {
      const stored = requirePipe(ctx);
      stored.epoch += 1;
      ctx.state.pipes.delete(stored.record.id);
      return NO_RESULT;
    }),
  );
  router.patch(
    `${PIPE}/scaling`,
    route('developer', (ctx) => {
      const { record } = requirePipe(ctx);
      const body = objectBody(ctx);
      const kind = kindOf(record);
      if (kind === 'postgres') throw bad('scaling of a Postgres pipe is set with clickpipesCdcScaling');
      if (!['replicas', 'concurrency', 'replicaCpuMillicores', 'replicaMemoryGb'].some((f) => body[f] !== undefined)) {
        throw bad('replicas, concurrency, replicaCpuMillicores or replicaMemoryGb is required');
      }
      record.scaling = parseScaling(body, kind, '', record.scaling);
      return touch(record);
    }),
  );
  router.patch(
    `${PIPE}/state`,
    route('developer', (ctx) => {
      const stored = requirePipe(ctx);
      runCommand(ctx.state, stored, parseCommand(objectBody(ctx)), stepMs);
      return pipeRecord(stored.record);
    }),
  );
  router.get(
    `${PIPE}/settings`,
    route('developer', (ctx) => settingsRecord(requirePipe(ctx).record)),
  );
  router.put(
    `${PIPE}/settings`,
    route('developer', (ctx) => {
      const { record } = requirePipe(ctx);
      const body = objectBody(ctx);
      // A settings change is an edit too: a replicating Postgres pipe refuses it like a PATCH.
      checkEditable(record);
      record.settings = { ...record.settings, ...parseSettings(body, '') };
      touch(record);
      return settingsRecord(record);
    }),
  );
}
