/** Pipe records as the emulator stores them; secrets are stripped before anything is stored. */
export type Rec = Record<string, unknown>;

export const PIPE_STATES = [
  'Unknown',
  'Provisioning',
  'Running',
  'Stopping',
  'Stopped',
  'Failed',
  'Completed',
  'InternalError',
  'Setup',
  'Snapshot',
  'Paused',
  'Pausing',
  'Modifying',
  'Resync',
] as const;
export type PipeState = (typeof PIPE_STATES)[number];

export const SOURCE_KINDS = ['kafka', 'kinesis', 'objectStorage', 'postgres'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export type PipeSource = Record<SourceKind, Rec | null>;

export interface FieldMapping {
  sourceField: string;
  destinationField: string;
}

export interface PipeScaling {
  replicas: number | null;
  concurrency: number | null;
  replicaCpuMillicores: number | null;
  replicaMemoryGb: number | null;
}

export interface Pipe {
  id: string;
  name: string;
  serviceId: string;
  state: PipeState;
  createdAt: string;
  updatedAt: string;
  destination: Rec;
  fieldMappings: FieldMapping[];
  scaling: PipeScaling;
  settings: Rec;
  source: PipeSource;
}

/** How a pipe behaves while it runs; fixed per pipe, derived from its id. */
export interface PipeProfile {
  eventsPerSecond: number;
  bytesPerEvent: number;
  /** Compressed size over uncompressed size. */
  compression: number;
  /** Share of fetched records that land in the error table instead of the destination. */
  errorRatio: number;
  /** Errors a second while the pipe is Failed (its retries keep failing). */
  failedErrorsPerSecond: number;
  latencyMs: number;
  /** Phase of the slow swing of every rate, so pipes do not move in step. */
  phase: number;
}

export interface PipeMeter {
  profile: PipeProfile;
  /** Epoch ms up to which the counters are accounted. */
  at: number;
  fetchedEvents: number;
  sentEvents: number;
  fetchedBytes: number;
  fetchedBytesCompressed: number;
  sentBytes: number;
  sentBytesCompressed: number;
  fetchedBytesInitialLoad: number;
  fetchedBytesResync: number;
  errors: number;
  /** Epoch ms of the last record moved; null before the first. */
  lastEventAt: number | null;
}

/** One line of a pipe's own log, as the service keeps it in `system.clickpipes_log`. */
export interface PipeLogEntry {
  /** ISO 8601. */
  at: string;
  level: 'info' | 'error';
  message: string;
}

/** `epoch` grows with every command, so timers of a superseded transition do nothing. */
export interface StoredPipe {
  record: Pipe;
  epoch: number;
  /** The states the latest run of steps (a creation or a command) went through, in order. */
  steps?: PipeState[];
  /** What the pipe has moved, for the Prometheus endpoint. */
  meter: PipeMeter;
  /** Oldest first. */
  log: PipeLogEntry[];
}

export function kindOf(pipe: Pipe): SourceKind {
  return SOURCE_KINDS.find((kind) => pipe.source[kind] !== null) ?? 'kafka';
}

/** The published default consumer group is `clickpipes-<pipe id>`. */
export const CONSUMER_GROUP_PREFIX = 'clickpipes-';
