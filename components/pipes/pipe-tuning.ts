/**
 * What the scaling and settings dialogs of a pipe show and send. Zod-free, so the detail page can
 * ask what is editable without loading the schemas.
 */
import {
  appliesTo,
  PIPE_KIND_LABELS,
  SCALING_BOUNDS,
  SCALING_KEYS,
  SETTINGS_BOUNDS,
  SETTING_KEYS,
  type PipeKind,
  type ScalingKey,
  type SettingBounds,
  type SettingKey,
} from '@/lib/schemas/pipes/bounds';
import type { PipeRecord } from '@/lib/schemas/pipes/record';

/** A field value as a form holds it: empty is `null` (react-hook-form shows the default again for `undefined`). */
export type TuningValue = number | boolean | null | '' | undefined;
export type TuningValues<K extends string> = Partial<Record<K, TuningValue>>;

/** Scaling of Postgres pipes is the service-wide allocation of the Database pipe scaling page. */
export const scalingKeysFor = (kind: PipeKind): ScalingKey[] =>
  kind === 'postgres' ? [] : SCALING_KEYS.filter((key) => appliesTo(SCALING_BOUNDS[key], kind));

export const settingKeysFor = (kind: PipeKind): SettingKey[] =>
  SETTING_KEYS.filter((key) => appliesTo(SETTINGS_BOUNDS[key], kind));

export type SettingGroup = 'engine' | 'objectStorage' | 'streaming';
export const SETTING_GROUP_LABELS: Record<SettingGroup, string> = {
  engine: 'Insert engine',
  objectStorage: 'Object storage',
  streaming: 'Streaming',
};

const groupOf = (key: SettingKey): SettingGroup =>
  key.startsWith('object_storage_') ? 'objectStorage' : key.startsWith('streaming_') ? 'streaming' : 'engine';

/** The settings of a kind in groups, in the upstream's order; groups without a field are left out. */
export function settingGroupsFor(kind: PipeKind): { group: SettingGroup; keys: SettingKey[] }[] {
  const keys = settingKeysFor(kind);
  return (Object.keys(SETTING_GROUP_LABELS) as SettingGroup[])
    .map((group) => ({ group, keys: keys.filter((key) => groupOf(key) === group) }))
    .filter((entry) => entry.keys.length > 0);
}

/** "CPU per replica (millicores)": the bounds' label with its unit. */
export function boundedFieldLabel(bounds: { label: string; unit?: string; deprecated?: boolean }): string {
  const notes = [bounds.unit, bounds.deprecated && 'deprecated'].filter(Boolean);
  return notes.length > 0 ? `${bounds.label} (${notes.join(', ')})` : bounds.label;
}

export const scalingLabel = (key: ScalingKey) => boundedFieldLabel(SCALING_BOUNDS[key]);
export const settingLabel = (key: SettingKey) => boundedFieldLabel(SETTINGS_BOUNDS[key] as SettingBounds);

const isEmpty = (value: unknown): value is null | '' | undefined => value === undefined || value === null || value === '';

/** The record's values of `keys`, empty where the pipe has none, as the form starts from them. */
export function tuningFormValues<K extends string>(record: Partial<Record<K, unknown>> | null | undefined, keys: readonly K[]) {
  const values: TuningValues<K> = {};
  for (const key of keys) {
    const value = record?.[key];
    values[key] = typeof value === 'number' || typeof value === 'boolean' ? value : null;
  }
  return values;
}

/**
 * The request body: the fields of `keys` whose value differs from the pipe's. Empty fields are
 * omitted rather than sent as 0 or null: the upstream refuses null there, and both endpoints merge,
 * so an omitted field keeps its current value. `null` when nothing changed.
 */
export function changedTuning<K extends string>(
  current: Partial<Record<K, unknown>> | null | undefined,
  values: TuningValues<K>,
  keys: readonly K[],
): Partial<Record<K, number | boolean>> | null {
  const body: Partial<Record<K, number | boolean>> = {};
  for (const key of keys) {
    const value: TuningValue = values[key];
    if (typeof value !== 'number' && typeof value !== 'boolean') continue;
    if (Number.isNaN(value) || Object.is(current?.[key], value)) continue;
    body[key] = value;
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** Keys the pipe has a value for that the form left empty: saving keeps those values. */
export function clearedTuning<K extends string>(
  current: Partial<Record<K, unknown>> | null | undefined,
  values: TuningValues<K>,
  keys: readonly K[],
): K[] {
  return keys.filter((key) => !isEmpty(current?.[key]) && (isEmpty(values[key]) || Number.isNaN(values[key])));
}

export interface Editability {
  allowed: boolean;
  /** Why not, for the disabled button's tooltip. */
  reason?: string;
}

/** States in which the upstream accepts edits of a Postgres pipe (it answers "must be paused to edit" otherwise). */
export const POSTGRES_EDITABLE_STATES: readonly string[] = ['Stopped', 'Paused', 'Failed', 'Completed'];

export const POSTGRES_SCALING_REASON =
  'Postgres pipes have no scaling of their own: all database pipes of the service share the allocation on the Database pipe scaling page.';

/** Whether the pipe's scaling and settings may be edited now, and why not. */
export function pipeEditability(pipe: Pick<PipeRecord, 'state'>, kind: PipeKind | undefined) {
  if (!kind) {
    const unknown: Editability = { allowed: false, reason: 'The pipe’s source kind is unknown, so its fields cannot be edited here.' };
    return { scaling: unknown, settings: unknown };
  }
  const scaling: Editability = kind === 'postgres' ? { allowed: false, reason: POSTGRES_SCALING_REASON } : { allowed: true };
  const settings: Editability =
    kind === 'postgres' && !POSTGRES_EDITABLE_STATES.includes(pipe.state)
      ? {
          allowed: false,
          reason: `A ${PIPE_KIND_LABELS.postgres} pipe can be edited only when it is stopped, paused, failed or completed; stop it first.`,
        }
      : { allowed: true };
  return { scaling, settings };
}
