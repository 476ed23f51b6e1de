import type { BadgeTone } from '@/components/ui/badge';
import {
  PIPE_KINDS,
  PIPE_STATES,
  isTransitionalPipeState,
  type PipeCommand,
  type PipeKind,
  type PipeState,
} from '@/lib/schemas/pipes/bounds';
import { sourceKindOf } from '@/lib/schemas/pipes/source-kind';
import { withFilterQuery } from '@/components/ui/data-table/table-url-state';

const HEALTHY_STATES: readonly string[] = ['Running'];
const FAILED_STATES: readonly string[] = ['Failed', 'InternalError'];

/** Green while running, blue while changing by itself, red when broken, grey otherwise. */
export function pipeStateTone(state: string): BadgeTone {
  if (HEALTHY_STATES.includes(state)) return 'success';
  if (FAILED_STATES.includes(state)) return 'danger';
  if (isTransitionalPipeState(state)) return 'accent';
  return 'neutral';
}

export { pipeStateLabel } from '@/lib/pipes/state-label';

const STARTABLE_STATES: readonly string[] = ['Stopped', 'Failed'];
// A failed pipe has already stopped loading: it is started again, not stopped.
const UNSTOPPABLE_STATES: readonly string[] = ['Stopped', 'Completed', 'Failed'];

/**
 * The commands that make sense for a pipe now. The upstream accepts `stop` in any state; it is
 * offered only where the pipe is not already at rest.
 */
export function allowedPipeCommands(state: string, kind: PipeKind | undefined): PipeCommand[] {
  const commands: PipeCommand[] = [];
  if (STARTABLE_STATES.includes(state)) commands.push('start');
  if (!UNSTOPPABLE_STATES.includes(state)) commands.push('stop');
  if (kind === 'postgres') commands.push('resync');
  return commands;
}

export interface PipeFilters {
  state?: PipeState;
  kind?: PipeKind;
}

interface SearchParamsLike {
  get(name: string): string | null;
}

const isPipeState = (value: string | null): value is PipeState =>
  (PIPE_STATES as readonly (string | null)[]).includes(value);
const isPipeKind = (value: string | null): value is PipeKind =>
  (PIPE_KINDS as readonly (string | null)[]).includes(value);

/** Filters from `?state=Running&kind=kafka`; values that are not a state or kind are ignored. */
export function parsePipeFilters(params: SearchParamsLike): PipeFilters {
  const state = params.get('state');
  const kind = params.get('kind');
  return { ...(isPipeState(state) && { state }), ...(isPipeKind(kind) && { kind }) };
}

/** The query string with these filters in place of the current ones ('' for none); the list's sort is kept, its page dropped. */
export function pipeFiltersQuery(
  filters: PipeFilters,
  current: Pick<URLSearchParams, 'toString'> = new URLSearchParams(),
): string {
  return withFilterQuery(current, { state: filters.state, kind: filters.kind });
}

export function filterPipes<T extends { state: string; source: unknown }>(
  pipes: readonly T[],
  filters: PipeFilters,
): T[] {
  return pipes.filter(
    (pipe) =>
      (!filters.state || pipe.state === filters.state) && (!filters.kind || sourceKindOf(pipe.source) === filters.kind),
  );
}

/** The states the pipes are in, in the upstream's order, plus the chosen one so the select can show it. */
export function statesToOffer(pipes: readonly { state: string }[], selected?: PipeState): PipeState[] {
  const present = new Set<string>(pipes.map((pipe) => pipe.state));
  if (selected) present.add(selected);
  return PIPE_STATES.filter((state) => present.has(state));
}
