/**
 * Reads the pipe metrics out of the cloud's Prometheus answer (the names and labels of the vendor's
 * pipe monitoring page). The text format itself is read by ./prometheus-text.ts, which refuses a
 * line that is not the format by its number; this module gathers one record per pipe id from it.
 * Everything else in the answer is ignored.
 */
import { readPrometheusText } from './prometheus-text';

/** The gauges a scrape reports as they are (averages over the upstream's own window). */
export interface PipeGauges {
  latencyMs?: number;
  replicationLagMiB?: number;
  cpuMillicores?: number;
  cpuLimitMillicores?: number;
  memoryBytes?: number;
  memoryLimitBytes?: number;
}

/** One pipe as one scrape saw it. Counters are totals since the pipe was created; gauges may be absent. */
export interface PipeSample extends PipeGauges {
  id: string;
  name?: string;
  /** The vendor's source name (`kafka`, `confluent`, `kinesis`, `s3`, `postgres`, …). */
  source?: string;
  state?: string;
  fetchedEvents: number;
  sentEvents: number;
  fetchedBytes: number;
  sentBytes: number;
  errors: number;
}

export type PipeSamples = Map<string, PipeSample>;

export class MetricsParseError extends Error {
  override name = 'MetricsParseError';
}

type NumericKey = Exclude<keyof PipeSample, 'id' | 'name' | 'source' | 'state'>;

/** Metric name → field of `PipeSample`. */
export const PIPE_METRICS: Record<string, NumericKey> = {
  ClickPipes_FetchedEvents_Total: 'fetchedEvents',
  ClickPipes_SentEvents_Total: 'sentEvents',
  ClickPipes_FetchedBytes_Total: 'fetchedBytes',
  ClickPipes_SentBytes_Total: 'sentBytes',
  ClickPipes_Errors_Total: 'errors',
  ClickPipes_Latency: 'latencyMs',
  ClickPipes_SourceReplicationLatency_MiB: 'replicationLagMiB',
  ClickPipes_Replica_CPUUsage: 'cpuMillicores',
  ClickPipes_Replica_CPULimit: 'cpuLimitMillicores',
  ClickPipes_Replica_MemoryUsage: 'memoryBytes',
  ClickPipes_Replica_MemoryLimit: 'memoryLimitBytes',
};
const INFO = 'ClickPipes_Info';

function pipeOf(pipes: PipeSamples, id: string): PipeSample {
  let pipe = pipes.get(id);
  if (!pipe) {
    pipe = { id, fetchedEvents: 0, sentEvents: 0, fetchedBytes: 0, sentBytes: 0, errors: 0 };
    pipes.set(id, pipe);
  }
  return pipe;
}

export function parsePipeMetrics(text: string): PipeSamples {
  if (/^\s*[{<[]/.test(text)) throw new MetricsParseError('The answer is not in the Prometheus text format');
  const pipes: PipeSamples = new Map();
  try {
    readPrometheusText(
      text,
      (name) => name === INFO || PIPE_METRICS[name] !== undefined,
      ({ name, labels, value }) => {
        const id = labels.clickpipe_id;
        if (!id) return;
        const pipe = pipeOf(pipes, id);
        const field = PIPE_METRICS[name];
        if (field) pipe[field] = value;
        else {
          pipe.name = labels.clickpipe_name;
          pipe.source = labels.clickpipe_source;
          pipe.state = labels.clickpipe_state;
        }
      },
    );
  } catch (error) {
    throw new MetricsParseError(error instanceof Error ? error.message : 'The answer could not be read');
  }
  return pipes;
}
