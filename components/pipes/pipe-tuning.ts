/** What the scaling and settings dialogs of a pipe show and send (loaded with the dialogs). */
import {
  appliesTo,
  SETTINGS_BOUNDS,
  SETTING_KEYS,
  type PipeKind,
  type SettingBounds,
  type SettingKey,
} from '@/lib/schemas/pipes/bounds';
import { boundedFieldLabel } from './pipe-editability';

/** A field value as a form holds it: empty is `null` (react-hook-form shows the default again for `undefined`). */
export type TuningValue = number | boolean | null | '' | undefined;
export type TuningValues<K extends string> = Partial<Record<K, TuningValue>>;

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

export const settingLabel = (key: SettingKey) => boundedFieldLabel(SETTINGS_BOUNDS[key] as SettingBounds);

const isEmpty = (value: unknown): value is null | '' | undefined =>
  value === undefined || value === null || value === '';

/** The record's values of `keys`, empty where the pipe has none, as the form starts from them. */
export function tuningFormValues<K extends string>(
  record: Partial<Record<K, unknown>> | null | undefined,
  keys: readonly K[],
) {
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

/**
 * What the form's schema checks: the fields the person changed. A value the pipe already has
 * beyond this console's bounds (the published contract may allow more) is shown and kept as it
 * is, never refused on an edit of another field.
 */
export function changedValues<K extends string>(
  current: Partial<Record<K, unknown>> | null | undefined,
  values: TuningValues<K>,
  keys: readonly K[],
): TuningValues<K> {
  const changed: TuningValues<K> = {};
  for (const key of keys) {
    const before = current?.[key];
    const now = values[key];
    if (Object.is(before, now) || (isEmpty(before) && isEmpty(now))) continue;
    changed[key] = now;
  }
  return changed;
}

/** Keys the pipe has a value for that the form left empty: saving keeps those values. */
export function clearedTuning<K extends string>(
  current: Partial<Record<K, unknown>> | null | undefined,
  values: TuningValues<K>,
  keys: readonly K[],
): K[] {
  return keys.filter((key) => !isEmpty(current?.[key]) && (isEmpty(values[key]) || Number.isNaN(values[key])));
}
