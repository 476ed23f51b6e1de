/**
 * What of a pipe may be edited now, and how its scaling fields are named. Zod-free and small: the
 * detail page imports it on first load; the dialogs' form logic lives in `pipe-tuning.ts`.
 */
import {
  appliesTo,
  KAFKA_TYPES,
  PIPE_KIND_LABELS,
  SCALING_BOUNDS,
  SCALING_KEYS,
  type PipeKind,
  type ScalingKey,
} from '@/lib/schemas/pipes/bounds';
import type { PipeRecord } from '@/lib/schemas/pipes/record';

/** Scaling of Postgres pipes is the service-wide allocation of the Database pipe scaling page. */
export const scalingKeysFor = (kind: PipeKind): ScalingKey[] =>
  kind === 'postgres' ? [] : SCALING_KEYS.filter((key) => appliesTo(SCALING_BOUNDS[key], kind));

/** "CPU per replica (millicores)": the bounds' label with its unit. */
export function boundedFieldLabel(bounds: { label: string; unit?: string; deprecated?: boolean }): string {
  const notes = [bounds.unit, bounds.deprecated && 'deprecated'].filter(Boolean);
  return notes.length > 0 ? `${bounds.label} (${notes.join(', ')})` : bounds.label;
}

export const scalingLabel = (key: ScalingKey) => boundedFieldLabel(SCALING_BOUNDS[key]);

export interface Editability {
  allowed: boolean;
  /** Why not, for the disabled button's tooltip. */
  reason?: string;
}

/** States in which the upstream accepts edits of a Postgres pipe (it answers "must be paused to edit" otherwise). */
export const POSTGRES_EDITABLE_STATES: readonly string[] = ['Stopped', 'Paused', 'Failed', 'Completed'];

export const POSTGRES_SCALING_REASON =
  'Postgres pipes have no scaling of their own: all database pipes of the service share the allocation on the Database pipe scaling page.';

/**
 * A Kafka pipe's connection may be edited where this console knows the broker type's
 * authentication rules; a type newer than it (the published contract lists more) stays read-only.
 */
function connectionEditability(pipe: Partial<Pick<PipeRecord, 'source'>>): Editability {
  const type = pipe.source?.kafka?.type;
  if (type === undefined || (KAFKA_TYPES as readonly string[]).includes(type)) return { allowed: true };
  return {
    allowed: false,
    reason: `This console does not know the broker type “${type}”, so its connection is shown read-only.`,
  };
}

/** Whether the pipe's scaling, settings and connection may be edited now, and why not. */
export function pipeEditability(
  pipe: Pick<PipeRecord, 'state'> & Partial<Pick<PipeRecord, 'source'>>,
  kind: PipeKind | undefined,
) {
  if (!kind) {
    const unknown: Editability = {
      allowed: false,
      reason: 'The pipe’s source kind is unknown, so its fields cannot be edited here.',
    };
    return { scaling: unknown, settings: unknown, connection: unknown };
  }
  const scaling: Editability =
    kind === 'postgres' ? { allowed: false, reason: POSTGRES_SCALING_REASON } : { allowed: true };
  const settings: Editability =
    kind === 'postgres' && !POSTGRES_EDITABLE_STATES.includes(pipe.state)
      ? {
          allowed: false,
          reason: `A ${PIPE_KIND_LABELS.postgres} pipe can be edited only when it is stopped, paused, failed or completed; stop it first.`,
        }
      : { allowed: true };
  return { scaling, settings, connection: connectionEditability(pipe) };
}
