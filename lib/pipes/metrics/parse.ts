/**
 * Reads the pipe metrics out of the cloud's Prometheus answer (the names and labels of the vendor's
 * pipe monitoring page). The text format itself is parsed by `parse-prometheus-text-format`; this
 * module checks what that lenient parser let through (a sample whose name or value is not one is
 * refused by name) and gathers one record per pipe id. Everything else in the answer is ignored.
 */
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';

/** One pipe as one scrape saw it. Counters are totals since the pipe was created; gauges may be absent. */
export interface PipeSample {
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
  latencyMs?: number;
  replicationLagMiB?: number;
  cpuMillicores?: number;
  cpuLimitMillicores?: number;
  memoryBytes?: number;
  memoryLimitBytes?: number;
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
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

function sampleValue(family: PrometheusFamily, raw: string | undefined): number {
  // Go's and the text format's spellings of the special values.
  const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : raw === 'NaN' ? NaN : raw?.trim() ? Number(raw) : NaN;
  if (Number.isNaN(value) && raw !== 'NaN') throw new MetricsParseError(`The value of ${family.name} is not a number: "${String(raw).slice(0, 40)}"`);
  return value;
}

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
  let families: PrometheusFamily[];
  try {
    // The parser drops a last line that has no line end; the format ends every line with one.
    families = parsePrometheusTextFormat(text.endsWith('\n') ? text : `${text}\n`);
  } catch (error) {
    throw new MetricsParseError(error instanceof Error ? error.message : 'The answer could not be read');
  }
  const pipes: PipeSamples = new Map();
  for (const family of families) {
    if (!METRIC_NAME.test(family.name)) throw new MetricsParseError(`"${family.name.slice(0, 40)}" is not a metric name`);
    const field = PIPE_METRICS[family.name];
    const wanted = field !== undefined || family.name === INFO;
    for (const sample of family.metrics) {
      // Every sample is checked, so a page of prose is refused rather than read as no pipes.
      if (sample.value !== undefined) sampleValue(family, sample.value);
      const id = wanted ? sample.labels?.clickpipe_id : undefined;
      if (!id) continue;
      const value = sample.value === undefined ? NaN : Number(sample.value);
      const pipe = pipeOf(pipes, id);
      if (field) pipe[field] = value;
      else {
        pipe.name = sample.labels?.clickpipe_name;
        pipe.source = sample.labels?.clickpipe_source;
        pipe.state = sample.labels?.clickpipe_state;
      }
    }
  }
  return pipes;
}
