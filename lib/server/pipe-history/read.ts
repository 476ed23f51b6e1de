import 'server-only';
import type { PipePoint } from '@/lib/pipes/metrics/history';
import {
  buildPipeTimeline,
  type PipeAction,
  type PipeActionRecord,
  type PipeTimelineEvent,
} from '@/lib/pipes/history/timeline';
import { consoleDatabase } from '../db/shared';
import type { Queryable } from '../db/types';
import { readSeries, readStateChanges, type PipeStateChange } from './store';

/** A pipe's state changes since `since` (epoch ms), oldest first, as every console instance wrote them. */
export async function stateChanges(pipeId: string, since: number): Promise<PipeStateChange[]> {
  return readStateChanges(await consoleDatabase(), pipeId, since);
}

/** A pipe's chart points from `from` to `to`, at most `maxPoints` of them. */
export async function pipeSeries(pipeId: string, from: number, to: number, maxPoints?: number): Promise<PipePoint[]> {
  return readSeries(await consoleDatabase(), pipeId, from, to, maxPoints);
}

const COMMANDS: readonly string[] = ['start', 'stop', 'resync'];

/**
 * The command of a `pipe.state` event: written as `command=stop` when the change was not versioned,
 * or as the history's words for what it did ("stopped", "started") when it was.
 */
export function commandOf(changes: string): string | undefined {
  const named = /(?:^|, )command=([a-z_]+)/.exec(changes)?.[1];
  if (named) return named;
  if (/(?:^|; )stopped(?:$|;)/.test(changes)) return 'stop';
  if (/(?:^|; )started(?:$|;)/.test(changes)) return 'start';
  return undefined;
}

/** The pipe's creation and its state commands sent through Sluice, as the audit trail holds them. */
async function pipeActions(db: Queryable, pipeId: string, since: number): Promise<PipeActionRecord[]> {
  const rows = await db.query<{ at: Date | string; actor: string; operation: string; changes: string | null }>(
    `select at, actor, operation, changes from audit_events
     where target_id = $1 and operation in ('pipe.create', 'pipe.state') and outcome = 'success' and at >= $2
     order by id`,
    [pipeId, new Date(since).toISOString()],
  );
  const actions: PipeActionRecord[] = [];
  for (const row of rows) {
    const command = commandOf(row.changes ?? '');
    const action: PipeAction | undefined =
      row.operation === 'pipe.create'
        ? 'create'
        : command && COMMANDS.includes(command)
          ? (command as PipeAction)
          : undefined;
    if (action) actions.push({ at: new Date(row.at).getTime(), action, actor: row.actor });
  }
  return actions;
}

/** The state timeline of the pipe page, newest first. */
export async function pipeTimeline(pipeId: string, since: number): Promise<PipeTimelineEvent[]> {
  const db = await consoleDatabase();
  const [changes, actions] = await Promise.all([readStateChanges(db, pipeId, since), pipeActions(db, pipeId, since)]);
  return buildPipeTimeline(changes, actions);
}
