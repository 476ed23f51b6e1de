import { describe, expect, it } from 'vitest';
import { pipeEditability, scalingKeysFor, scalingLabel } from './pipe-editability';
import {
  changedTuning,
  changedValues,
  clearedTuning,
  settingGroupsFor,
  settingKeysFor,
  settingLabel,
  tuningFormValues,
} from './pipe-tuning';

describe('fields per pipe kind', () => {
  it('offers replica CPU and memory only to streaming pipes and concurrency only to object stores', () => {
    expect(scalingKeysFor('kafka')).toEqual(['replicaCpuMillicores', 'replicaMemoryGb', 'replicas']);
    expect(scalingKeysFor('streamService')).toEqual(['replicaCpuMillicores', 'replicaMemoryGb', 'replicas']);
    expect(scalingKeysFor('objectStorage')).toEqual(['replicas', 'concurrency']);
    expect(scalingKeysFor('postgres')).toEqual([]);
  });

  it('marks concurrency deprecated and shows units in labels', () => {
    expect(scalingLabel('concurrency')).toBe('Concurrency (deprecated)');
    expect(scalingLabel('replicaCpuMillicores')).toBe('CPU per replica (millicores)');
    expect(scalingLabel('replicaMemoryGb')).toBe('Memory per replica (GB)');
    expect(settingLabel('object_storage_max_insert_bytes')).toBe('Max bytes per batch (bytes)');
  });

  it('offers object-storage settings only to object stores and the insert wait only to streaming pipes', () => {
    const engine = [
      'engine_max_download_threads',
      'engine_max_insert_threads',
      'engine_max_threads',
      'engine_min_insert_block_size_bytes',
      'engine_parallel_distributed_insert_select',
      'engine_parallel_view_processing',
    ];
    expect(settingGroupsFor('kafka')).toEqual([
      { group: 'engine', keys: engine },
      { group: 'streaming', keys: ['streaming_max_insert_wait_ms'] },
    ]);
    expect(settingGroupsFor('streamService')).toEqual(settingGroupsFor('kafka'));
    expect(settingGroupsFor('objectStorage')).toEqual([
      { group: 'engine', keys: engine },
      {
        group: 'objectStorage',
        keys: [
          'object_storage_concurrency',
          'object_storage_max_file_count',
          'object_storage_max_insert_bytes',
          'object_storage_polling_interval_ms',
          'object_storage_use_cluster_function',
        ],
      },
    ]);
    expect(settingGroupsFor('postgres')).toEqual([{ group: 'engine', keys: engine }]);
  });
});

describe('the request body', () => {
  const keys = settingKeysFor('objectStorage');

  it('starts from the pipe’s values, empty where it has none', () => {
    expect(tuningFormValues({ replicas: 2, concurrency: null }, ['replicas', 'concurrency'])).toEqual({
      replicas: 2,
      concurrency: null,
    });
    expect(tuningFormValues(undefined, ['replicas'])).toEqual({ replicas: null });
  });

  it('omits empty fields instead of sending 0 or null, and fields left unchanged', () => {
    const current = { engine_max_threads: 8, object_storage_use_cluster_function: true };
    const values = {
      engine_max_threads: 8,
      engine_max_insert_threads: undefined,
      engine_max_download_threads: '' as const,
      engine_min_insert_block_size_bytes: null,
      object_storage_max_file_count: 500,
      object_storage_polling_interval_ms: Number.NaN,
      object_storage_use_cluster_function: false,
      object_storage_concurrency: 0,
    };
    expect(changedTuning(current, values, keys)).toEqual({
      object_storage_max_file_count: 500,
      object_storage_use_cluster_function: false,
      object_storage_concurrency: 0,
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(changedTuning({ replicas: 2 }, { replicas: 2 }, ['replicas'])).toBeNull();
    expect(changedTuning({}, { replicas: undefined }, ['replicas'])).toBeNull();
  });

  it('ignores values of fields that do not apply to the kind', () => {
    expect(changedTuning({}, { replicas: 2, replicaCpuMillicores: 500 }, scalingKeysFor('objectStorage'))).toEqual({
      replicas: 2,
    });
  });

  it('names the fields emptied in the form that keep their current value', () => {
    expect(
      clearedTuning(
        { replicas: 2, concurrency: 0, replicaCpuMillicores: null },
        { replicas: undefined, concurrency: 0 },
        ['replicas', 'concurrency', 'replicaCpuMillicores'],
      ),
    ).toEqual(['replicas']);
  });
});

describe('values beyond the bounds of this console', () => {
  it('checks only what changed, so a value the contract allows but this console does not is kept on an edit', () => {
    const current = { replicas: 45, replicaCpuMillicores: 500, replicaMemoryGb: 2 };
    const keys = ['replicas', 'replicaCpuMillicores', 'replicaMemoryGb'] as const;
    expect(changedValues(current, { replicas: 45, replicaCpuMillicores: 1000, replicaMemoryGb: 2 }, keys)).toEqual({
      replicaCpuMillicores: 1000,
    });
    expect(changedValues(current, { replicas: null, replicaCpuMillicores: 500, replicaMemoryGb: 2 }, keys)).toEqual({
      replicas: null,
    });
    expect(changedValues({}, { replicas: null }, keys)).toEqual({});
  });
});

describe('what may be edited now', () => {
  it('sends Postgres scaling to the shared page and allows settings only while the pipe rests', () => {
    const running = pipeEditability({ state: 'Running' }, 'postgres');
    expect(running.scaling.allowed).toBe(false);
    expect(running.scaling.reason).toMatch(/Database pipe scaling/);
    expect(running.settings).toEqual({ allowed: false, reason: expect.stringMatching(/stop it first/) });
    for (const state of ['Stopped', 'Paused', 'Failed', 'Completed']) {
      expect(pipeEditability({ state }, 'postgres').settings.allowed).toBe(true);
    }
  });

  it('lets other kinds edit in any state', () => {
    for (const kind of ['kafka', 'streamService', 'objectStorage'] as const) {
      expect(pipeEditability({ state: 'Running' }, kind)).toEqual({
        scaling: { allowed: true },
        settings: { allowed: true },
        connection: { allowed: true },
      });
    }
  });

  it('shows the connection of a broker type newer than this console read-only', () => {
    const source = {
      kafka: { type: 'gcmk', authentication: 'PLAIN', brokers: 'b:9092', topics: 't', format: 'JSONEachRow' },
    } as never;
    expect(pipeEditability({ state: 'Running', source }, 'kafka').connection).toEqual({
      allowed: false,
      reason: 'This console does not know the broker type “gcmk”, so its connection is shown read-only.',
    });
    expect(pipeEditability({ state: 'Running', source }, 'kafka').scaling).toEqual({ allowed: true });
  });

  it('edits nothing of a pipe whose kind is unknown', () => {
    const unknown = pipeEditability({ state: 'Running' }, undefined);
    expect([unknown.scaling.allowed, unknown.settings.allowed]).toEqual([false, false]);
  });
});
