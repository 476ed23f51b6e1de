import { absent, bad, isRec } from './validate-common';
import type { PipeScaling, Rec, SourceKind } from './types';

type Bound = { kind: 'integer'; min: number; max: number } | { kind: 'boolean' };
const int = (min: number, max: number): Bound => ({ kind: 'integer', min, max });

export const SETTINGS_BOUNDS: Record<string, Bound> = {
  clickhouse_max_download_threads: int(0, 32),
  clickhouse_max_insert_threads: int(0, 16),
  clickhouse_max_threads: int(0, 64),
  clickhouse_min_insert_block_size_bytes: int(0, 10_737_418_240),
  clickhouse_parallel_distributed_insert_select: int(0, 2),
  clickhouse_parallel_view_processing: { kind: 'boolean' },
  object_storage_concurrency: int(1, 35),
  object_storage_max_file_count: int(1, 10_000),
  object_storage_max_insert_bytes: int(10_485_760, 53_687_091_200),
  object_storage_polling_interval_ms: int(100, 3_600_000),
  object_storage_use_cluster_function: { kind: 'boolean' },
  streaming_max_insert_wait_ms: int(500, 60_000),
};

export const SCALING_BOUNDS = {
  replicaCpuMillicores: { min: 125, max: 2000 },
  replicaMemoryGb: { min: 0.5, max: 8 },
} as const;

const join = (prefix: string, field: string) => (prefix ? `${prefix}.${field}` : field);

/** Settings of a request; `prefix` is `settings` inside a pipe body and empty for the settings endpoint. Null values unset. */
export function parseSettings(value: unknown, prefix: string): Rec {
  if (absent(value)) return {};
  if (!isRec(value)) throw bad(`${prefix || 'request body'} must be an object of settings`);
  const out: Rec = {};
  for (const [name, setting] of Object.entries(value)) {
    const path = join(prefix, name);
    const bound = SETTINGS_BOUNDS[name];
    if (!bound) throw bad(`${path} is not a known setting`);
    if (setting === null) {
      out[name] = null;
    } else if (bound.kind === 'boolean') {
      if (typeof setting !== 'boolean') throw bad(`${path} must be a boolean`);
      out[name] = setting;
    } else {
      if (typeof setting !== 'number' || !Number.isInteger(setting) || setting < bound.min || setting > bound.max) {
        throw bad(`${path} must be an integer between ${bound.min} and ${bound.max}`);
      }
      out[name] = setting;
    }
  }
  return out;
}

export function defaultScaling(kind: SourceKind): PipeScaling {
  if (kind === 'postgres')
    return { replicas: null, concurrency: null, replicaCpuMillicores: null, replicaMemoryGb: null };
  if (kind === 'objectStorage')
    return { replicas: 1, concurrency: 0, replicaCpuMillicores: null, replicaMemoryGb: null };
  return { replicas: 1, concurrency: null, replicaCpuMillicores: 500, replicaMemoryGb: 2 };
}

const SCALING_FIELDS = ['replicas', 'concurrency', 'replicaCpuMillicores', 'replicaMemoryGb'] as const;

/**
 * Scaling of a request merged onto `current`. Postgres pipes scale through `clickpipesCdcScaling`;
 * CPU and memory apply to streaming pipes, concurrency to object-store pipes.
 */
export function parseScaling(
  value: unknown,
  kind: SourceKind,
  prefix: string,
  current = defaultScaling(kind),
): PipeScaling {
  if (absent(value)) return { ...current };
  if (!isRec(value)) throw bad(`${prefix || 'request body'} must be an object`);
  const given = SCALING_FIELDS.filter((field) => !absent(value[field]));
  if (kind === 'postgres') {
    if (given.length > 0)
      throw bad(`${join(prefix, given[0]!)} is not supported for Postgres pipes; use clickpipesCdcScaling`);
    return { ...current };
  }
  const next = { ...current };
  for (const field of given) {
    const path = join(prefix, field);
    const raw = value[field];
    if (field === 'replicas') {
      // The published contract caps replicas at 40.
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 40)
        throw bad(`${path} must be an integer from 1 to 40`);
      next.replicas = raw;
    } else if (field === 'concurrency') {
      if (kind !== 'objectStorage') throw bad(`${path} is only supported for object storage pipes`);
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0)
        throw bad(`${path} must be an integer of at least 0`);
      next.concurrency = raw;
    } else {
      if (kind === 'objectStorage') throw bad(`${path} is only supported for streaming pipes`);
      const { min, max } = SCALING_BOUNDS[field];
      const integer = field === 'replicaCpuMillicores';
      if (
        typeof raw !== 'number' ||
        !Number.isFinite(raw) ||
        (integer && !Number.isInteger(raw)) ||
        raw < min ||
        raw > max
      ) {
        throw bad(`${path} must be between ${min} and ${max}`);
      }
      next[field] = raw;
    }
  }
  return next;
}
