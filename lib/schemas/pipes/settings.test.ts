import { describe, expect, it } from 'vitest';
import {
  PIPE_KINDS,
  SCALING_BOUNDS,
  SCALING_KEYS,
  SETTINGS_BOUNDS,
  SETTING_KEYS,
  TRANSITIONAL_PIPE_STATES,
  appliesTo,
  isTransitionalPipeState,
  type PipeKind,
} from './bounds';
import { bodies, expectIssue, expectValid } from './test-fixtures';

const bodyFor = (kind: PipeKind, extra: Record<string, unknown>) => ({ ...bodies[kind](), ...extra });
const unit = (b: object, n: number) =>
  'unit' in b ? ` ${n === 1 && b.unit === 'seconds' ? 'second' : String(b.unit)}` : '';

const numericSettings = SETTING_KEYS.flatMap((key) => {
  const b = SETTINGS_BOUNDS[key];
  return b.type === 'integer' ? [[key, b] as const] : [];
});
const booleanSettings = SETTING_KEYS.filter((key) => SETTINGS_BOUNDS[key].type === 'boolean');
const kindsOf = (b: { appliesTo: readonly PipeKind[] }) => PIPE_KINDS.filter((k) => appliesTo(b, k));
const notKindsOf = (b: { appliesTo: readonly PipeKind[] }) => PIPE_KINDS.filter((k) => !appliesTo(b, k));

describe('settings bounds', () => {
  it('restricts object_storage_* to object stores and streaming_* to streaming kinds', () => {
    for (const key of SETTING_KEYS) {
      const kinds = kindsOf(SETTINGS_BOUNDS[key]);
      if (key.startsWith('object_storage_')) expect(kinds).toEqual(['objectStorage']);
      else if (key.startsWith('streaming_')) expect(kinds).toEqual(['kafka', 'streamService']);
      else expect(kinds).toEqual([...PIPE_KINDS]);
    }
  });

  it.each(numericSettings)('accepts %s at both bounds for every kind it applies to', (key, b) => {
    for (const kind of kindsOf(b)) {
      expectValid(bodyFor(kind, { settings: { [key]: b.min } }));
      expectValid(bodyFor(kind, { settings: { [key]: b.max } }));
    }
  });

  it.each(numericSettings)('refuses %s outside its bounds, fractional or not a number', (key, b) => {
    const kind = kindsOf(b)[0] as PipeKind;
    const path = `settings.${key}`;
    expectIssue(
      bodyFor(kind, { settings: { [key]: b.min - 1 } }),
      path,
      `${b.label} must be at least ${b.min}${unit(b, b.min)}`,
    );
    expectIssue(
      bodyFor(kind, { settings: { [key]: b.max + 1 } }),
      path,
      `${b.label} must be at most ${b.max}${unit(b, b.max)}`,
    );
    expectIssue(bodyFor(kind, { settings: { [key]: b.min + 0.5 } }), path, `${b.label} must be a whole number`);
    expectIssue(bodyFor(kind, { settings: { [key]: 'many' } }), path, `${b.label} must be a number`);
  });

  it.each(booleanSettings)('accepts %s as true or false and refuses anything else', (key) => {
    const b = SETTINGS_BOUNDS[key];
    const kind = kindsOf(b)[0] as PipeKind;
    expectValid(bodyFor(kind, { settings: { [key]: true } }));
    expectValid(bodyFor(kind, { settings: { [key]: false } }));
    expectIssue(bodyFor(kind, { settings: { [key]: 'yes' } }), `settings.${key}`, `${b.label} must be true or false`);
  });

  it.each(SETTING_KEYS)('refuses %s for kinds it does not apply to, but not when left empty', (key) => {
    const b = SETTINGS_BOUNDS[key];
    const value = b.type === 'boolean' ? true : b.min;
    for (const kind of notKindsOf(b)) {
      const message = key.startsWith('object_storage_')
        ? `${b.label} applies only to object storage pipes`
        : `${b.label} applies only to Kafka or Amazon Kinesis pipes`;
      expectIssue(bodyFor(kind, { settings: { [key]: value } }), `settings.${key}`, message);
      expectValid(bodyFor(kind, { settings: { [key]: null } }));
      expectValid(bodyFor(kind, { settings: { [key]: '' } }));
    }
  });

  it('accepts empty values and refuses unknown settings', () => {
    expectValid(
      bodyFor('kafka', {
        settings: { engine_max_threads: null, engine_max_insert_threads: '', streaming_max_insert_wait_ms: undefined },
      }),
    );
    expectIssue(bodyFor('kafka', { settings: { engine_turbo: 1 } }), 'settings', 'Unknown setting: engine_turbo');
  });
});

describe('scaling bounds', () => {
  it('declares the spec bounds', () => {
    expect(SCALING_BOUNDS.replicaCpuMillicores).toMatchObject({ min: 125, max: 2000, integer: true });
    expect(SCALING_BOUNDS.replicaMemoryGb).toMatchObject({ min: 0.5, max: 8, integer: false });
    expect(SCALING_BOUNDS.replicas).toMatchObject({ min: 1, integer: true });
    expect(SCALING_BOUNDS.concurrency).toMatchObject({ min: 0, integer: true, deprecated: true });
  });

  it('accepts every applicable field at its bounds', () => {
    for (const kind of ['kafka', 'streamService'] as const) {
      expectValid(bodyFor(kind, { scaling: { replicaCpuMillicores: 125, replicaMemoryGb: 0.5, replicas: 1 } }));
      expectValid(bodyFor(kind, { scaling: { replicaCpuMillicores: 2000, replicaMemoryGb: 8, replicas: 10 } }));
    }
    expectValid(bodyFor('objectStorage', { scaling: { concurrency: 0, replicas: 1 } }));
    expectValid(bodyFor('objectStorage', { scaling: { replicaCpuMillicores: null, replicaMemoryGb: '' } }));
  });

  it.each([
    [
      'kafka',
      { replicaCpuMillicores: 124 },
      'scaling.replicaCpuMillicores',
      'CPU per replica must be at least 125 millicores',
    ],
    [
      'kafka',
      { replicaCpuMillicores: 2001 },
      'scaling.replicaCpuMillicores',
      'CPU per replica must be at most 2000 millicores',
    ],
    [
      'streamService',
      { replicaCpuMillicores: 500.5 },
      'scaling.replicaCpuMillicores',
      'CPU per replica must be a whole number',
    ],
    ['kafka', { replicaMemoryGb: 0.4 }, 'scaling.replicaMemoryGb', 'Memory per replica must be at least 0.5 GB'],
    ['streamService', { replicaMemoryGb: 8.5 }, 'scaling.replicaMemoryGb', 'Memory per replica must be at most 8 GB'],
    ['kafka', { replicaMemoryGb: '2' }, 'scaling.replicaMemoryGb', 'Memory per replica must be a number'],
    ['kafka', { replicas: 0 }, 'scaling.replicas', 'Replicas must be at least 1'],
    ['objectStorage', { replicas: 1.5 }, 'scaling.replicas', 'Replicas must be a whole number'],
    ['objectStorage', { concurrency: -1 }, 'scaling.concurrency', 'Concurrency must be at least 0'],
    ['objectStorage', { concurrency: 2.5 }, 'scaling.concurrency', 'Concurrency must be a whole number'],
    ['kafka', { concurrency: 2 }, 'scaling.concurrency', 'Concurrency applies only to object storage pipes'],
    [
      'objectStorage',
      { replicaCpuMillicores: 500 },
      'scaling.replicaCpuMillicores',
      'CPU per replica applies only to Kafka or Amazon Kinesis pipes',
    ],
    [
      'objectStorage',
      { replicaMemoryGb: 1 },
      'scaling.replicaMemoryGb',
      'Memory per replica applies only to Kafka or Amazon Kinesis pipes',
    ],
    [
      'postgres',
      { replicaCpuMillicores: 500 },
      'scaling.replicaCpuMillicores',
      'CPU per replica applies only to Kafka or Amazon Kinesis pipes',
    ],
    ['postgres', { concurrency: 1 }, 'scaling.concurrency', 'Concurrency applies only to object storage pipes'],
  ] as const)('%s refuses %j', (kind, scaling, path, message) => {
    expectIssue(bodyFor(kind, { scaling }), path, message);
  });

  it('lists every scaling key', () => {
    expect(SCALING_KEYS).toEqual(['replicaCpuMillicores', 'replicaMemoryGb', 'replicas', 'concurrency']);
  });
});

describe('pipe states', () => {
  it('marks the transitional states', () => {
    expect([...TRANSITIONAL_PIPE_STATES]).toEqual([
      'Provisioning',
      'Setup',
      'Snapshot',
      'Stopping',
      'Pausing',
      'Modifying',
      'Resync',
    ]);
    expect(isTransitionalPipeState('Running')).toBe(false);
    expect(isTransitionalPipeState('Snapshot')).toBe(true);
  });
});
