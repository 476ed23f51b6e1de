import { HttpError } from '../../http/errors';
import type { EmulatorState } from '../../state';
import { advance } from './meter';
import { replicationModeOf } from './validate-postgres';
import { kindOf, type Pipe, type PipeLogEntry, type PipeState, type StoredPipe } from './types';

export const PIPE_COMMANDS = ['start', 'stop', 'resync'] as const;
export type PipeCommand = (typeof PIPE_COMMANDS)[number];

/** States from which `start` is allowed; every other state answers "already running". */
const STARTABLE: readonly PipeState[] = ['Stopped', 'Failed'];
/** A Postgres pipe may be edited only when it is not replicating. */
const POSTGRES_EDITABLE: readonly PipeState[] = ['Stopped', 'Paused', 'Failed', 'Completed'];

export const DEFAULT_STEP_MS = 3000;

const oneShot = (pipe: Pipe) => kindOf(pipe) === 'objectStorage' && pipe.source.objectStorage?.isContinuous !== true;

/** Where a pipe goes after creation; the first state applies at once, each next one a step later. */
export function creationSteps(pipe: Pipe): PipeState[] {
  if (kindOf(pipe) === 'postgres') {
    const mode = replicationModeOf(pipe.source.postgres);
    if (mode === 'cdc_only') return ['Provisioning', 'Setup', 'Running'];
    if (mode === 'snapshot') return ['Provisioning', 'Setup', 'Snapshot', 'Completed'];
    return ['Provisioning', 'Setup', 'Snapshot', 'Running'];
  }
  return oneShot(pipe) ? ['Provisioning', 'Running', 'Completed'] : ['Provisioning', 'Running'];
}

function commandSteps(pipe: Pipe, command: PipeCommand): PipeState[] {
  const postgres = kindOf(pipe) === 'postgres';
  switch (command) {
    case 'stop':
      return pipe.state === 'Stopped' ? ['Stopped'] : ['Stopping', 'Stopped'];
    case 'start':
      if (!STARTABLE.includes(pipe.state)) throw new HttpError(400, 'pipe is already running');
      if (postgres)
        return replicationModeOf(pipe.source.postgres) === 'snapshot' ? ['Snapshot', 'Completed'] : ['Running'];
      return oneShot(pipe) ? ['Provisioning', 'Running', 'Completed'] : ['Provisioning', 'Running'];
    case 'resync':
      if (!postgres) throw new HttpError(400, 'resync is only supported for Postgres pipes');
      return ['Resync', 'Snapshot', replicationModeOf(pipe.source.postgres) === 'snapshot' ? 'Completed' : 'Running'];
  }
}

function enter(state: EmulatorState, stored: StoredPipe, next: PipeState): void {
  const pipe = stored.record;
  // The counters move by the state the pipe leaves, up to the moment it leaves it.
  advance(stored.meter, pipe, pipe.state, Date.now());
  pipe.state = next;
  pipe.updatedAt = new Date().toISOString();
  // Database-pipe scaling answers once a Postgres pipe has been set up on the service.
  if (kindOf(pipe) === 'postgres' && (next === 'Setup' || next === 'Running')) state.markPostgresPipe(pipe.serviceId);
}

/** Applies `steps[0]` now and the rest one `stepMs` apart; a later command or a deletion supersedes them. */
export function runSteps(state: EmulatorState, stored: StoredPipe, steps: PipeState[], stepMs: number): void {
  const epoch = ++stored.epoch;
  const entered: PipeState[] = [];
  stored.steps = entered;
  steps.forEach((next, i) => {
    if (i === 0) {
      entered.push(next);
      return enter(state, stored, next);
    }
    state.schedule(i * stepMs, () => {
      if (state.pipes.get(stored.record.id) !== stored || stored.epoch !== epoch) return;
      entered.push(next);
      enter(state, stored, next);
    });
  });
}

/**
 * Puts the pipe in `next` from outside its state machine (a test forcing a failure or a recovery)
 * and logs why. Steps still scheduled by a creation or a command are superseded, so their timers
 * cannot take the pipe out of the forced state.
 */
export function forceState(
  state: EmulatorState,
  stored: StoredPipe,
  next: PipeState,
  entry: Omit<PipeLogEntry, 'at'>,
): void {
  stored.epoch += 1;
  stored.steps = [next];
  enter(state, stored, next);
  stored.log.push({ at: stored.record.updatedAt, ...entry });
}

export function runCommand(state: EmulatorState, stored: StoredPipe, command: PipeCommand, stepMs: number): void {
  runSteps(state, stored, commandSteps(stored.record, command), stepMs);
}

export function checkEditable(pipe: Pipe): void {
  if (kindOf(pipe) === 'postgres' && !POSTGRES_EDITABLE.includes(pipe.state)) {
    throw new HttpError(400, 'pipe must be paused to edit');
  }
}
