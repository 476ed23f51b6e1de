/**
 * A pipe's state timeline: the state changes the console's scrapes saw, each joined with the
 * console action that caused it (from the audit trail) where Sluice did it. Shared by the route
 * that builds it and the page that shows it.
 */
import { pipeStateLabel } from '../state-label';

export type PipeAction = 'create' | 'start' | 'stop' | 'resync';

export interface PipeActionRecord {
  at: number;
  action: PipeAction;
  actor: string;
}

export interface ObservedStateChange {
  at: number;
  /** Null when the console first saw the pipe. */
  from: string | null;
  to: string;
}

export type PipeTimelineEvent =
  | { kind: 'state'; at: number; from: string | null; state: string; by?: PipeActionRecord }
  /** A console action no observed change followed (yet): shown on its own. */
  | { kind: 'action'; at: number; action: PipeAction; actor: string };

/** `GET /api/pipe-history/{organizationId}/{serviceId}/{pipeId}`: the timeline, newest first. */
export interface PipeTimelineView {
  since: number;
  retentionDays: number;
  events: PipeTimelineEvent[];
}

/** The states an action leads to: its change is the first of these seen after it. */
const LEADS_TO: Record<PipeAction, readonly string[]> = {
  create: ['Provisioning', 'Setup', 'Snapshot', 'Running', 'Stopped', 'Failed', 'InternalError'],
  start: ['Provisioning', 'Setup', 'Snapshot', 'Running'],
  stop: ['Stopping', 'Stopped'],
  resync: ['Resync', 'Snapshot', 'Setup'],
};

/** An action's audit event is written after its answer; a scrape may have seen its effect a moment before. */
const EARLY_MS = 5_000;
/** A change this long after an action is not its effect. */
const LATE_MS = 10 * 60_000;

export function buildPipeTimeline(
  changes: readonly ObservedStateChange[],
  actions: readonly PipeActionRecord[],
): PipeTimelineEvent[] {
  const events: PipeTimelineEvent[] = changes.map((change) => ({
    kind: 'state',
    at: change.at,
    from: change.from,
    state: change.to,
  }));
  const states = events.filter(
    (event): event is Extract<PipeTimelineEvent, { kind: 'state' }> => event.kind === 'state',
  );
  for (const action of [...actions].sort((a, b) => a.at - b.at)) {
    const effect = states.find(
      (event) =>
        !event.by &&
        event.at >= action.at - EARLY_MS &&
        event.at <= action.at + LATE_MS &&
        LEADS_TO[action.action].includes(event.state) &&
        (action.action === 'create' ? event.from === null || event.from === 'Provisioning' : true),
    );
    if (effect) effect.by = action;
    else events.push({ kind: 'action', at: action.at, action: action.action, actor: action.actor });
  }
  return events.sort((a, b) => b.at - a.at);
}

const ACTION_LABELS: Record<PipeAction, string> = {
  create: 'Created',
  start: 'Start requested',
  stop: 'Stop requested',
  resync: 'Resync requested',
};

/** What happened, in words: "Failed", "Recovered", "Stopped", "Resumed", "Started"… */
export function timelineLabel(event: PipeTimelineEvent): string {
  if (event.kind === 'action') return ACTION_LABELS[event.action];
  if (event.by?.action === 'create') return 'Created';
  const { from, state } = event;
  switch (state) {
    case 'Running':
      if (from === 'Failed' || from === 'InternalError') return 'Recovered';
      if (from === 'Stopped' || from === 'Stopping' || from === 'Paused' || from === 'Pausing') return 'Resumed';
      if (from === null) return 'Running when first seen';
      return 'Started';
    case 'Failed':
      return 'Failed';
    case 'Stopped':
      return 'Stopped';
    case 'Stopping':
      return 'Stopping';
    case 'Resync':
      return 'Resync started';
    default:
      return from === null ? `${pipeStateLabel(state)} when first seen` : pipeStateLabel(state);
  }
}

/** Who did it, when Sluice did: "by alice"; undefined when the upstream changed by itself. */
export function timelineActor(event: PipeTimelineEvent): string | undefined {
  if (event.kind === 'action') return event.actor;
  return event.by?.actor;
}
