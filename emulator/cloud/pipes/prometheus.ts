/**
 * The service's Prometheus answer (`GET …/services/{serviceId}/prometheus`), in the text exposition
 * format, with the pipe metrics named and labelled as the vendor's monitoring page documents them:
 * the service-level labels `clickhouse_org`, `clickhouse_service`, `clickhouse_service_name`, then
 * `clickpipe_id`, `clickpipe_name`, `clickpipe_source` (the vendor's own source names) and, on
 * `ClickPipes_Info` only, `clickpipe_state`. A few of the service's own metrics come first, as
 * they do upstream, so a reader must pick the pipe metrics out. The organization-wide answer
 * (`GET /v1/organizations/{org}/prometheus`) holds every service's series in one text, each family
 * once, told apart by `clickhouse_service` (the vendor's Prometheus integration page).
 */
import type { EmulatorState, Service } from '../../state';
import { advance, isIngesting, swing } from './meter';
import { kindOf, type StoredPipe } from './types';

/** The label is the source's `type` where it has one (a Kafka or object-store variant), else its kind. */
function sourceLabel(stored: StoredPipe): string {
  const kind = kindOf(stored.record);
  const type = stored.record.source[kind]?.type;
  return typeof type === 'string' ? type : kind;
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Record<string, string>) =>
  `{${Object.entries(labels)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',')}}`;

interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'untyped';
  help: string;
  samples: string[];
}

const family = (name: string, type: Family['type'], help: string): Family => ({ name, type, help, samples: [] });
const num = (value: number) => (Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000));

function pipeFamilies() {
  return {
    info: family(
      'ClickPipes_Info',
      'gauge',
      'Always equal to 1. Label "clickpipe_state" contains the current state of the pipe: Stopped/Provisioning/Running/Paused/Failed',
    ),
    fetchedEvents: family(
      'ClickPipes_FetchedEvents_Total',
      'counter',
      'Total number of records fetched from the source.',
    ),
    sentEvents: family('ClickPipes_SentEvents_Total', 'counter', 'Total number of records sent to ClickHouse'),
    fetchedBytes: family(
      'ClickPipes_FetchedBytes_Total',
      'counter',
      'Total uncompressed bytes fetched from the source.',
    ),
    fetchedBytesCompressed: family(
      'ClickPipes_FetchedBytesCompressed_Total',
      'counter',
      'Total compressed bytes fetched from the source.',
    ),
    fetchedBytesInitialLoad: family(
      'ClickPipes_FetchedBytesInitialLoad_Total',
      'counter',
      'Total uncompressed bytes fetched during the initial load.',
    ),
    fetchedBytesResync: family(
      'ClickPipes_FetchedBytesResync_Total',
      'counter',
      'Total uncompressed bytes fetched during a resync.',
    ),
    sentBytes: family('ClickPipes_SentBytes_Total', 'counter', 'Total uncompressed bytes sent to ClickHouse.'),
    sentBytesCompressed: family(
      'ClickPipes_SentBytesCompressed_Total',
      'counter',
      'Total compressed bytes sent to ClickHouse.',
    ),
    perTable: family(
      'ClickPipes_FetchedEvents_PerTable',
      'gauge',
      'Records fetched per destination table and event type.',
    ),
    errors: family('ClickPipes_Errors_Total', 'counter', 'Total errors ingesting data.'),
    latency: family(
      'ClickPipes_Latency',
      'gauge',
      'Time in milliseconds between when the record was produced to when it was written to ClickHouse.',
    ),
    replicationLag: family(
      'ClickPipes_SourceReplicationLatency_MiB',
      'gauge',
      'Source-side replication lag in MiB (the replication slot lag of a Postgres pipe).',
    ),
    cpuUsage: family(
      'ClickPipes_Replica_CPUUsage',
      'gauge',
      'Average CPU usage of the ingestion replicas, in millicores.',
    ),
    cpuLimit: family(
      'ClickPipes_Replica_CPULimit',
      'gauge',
      'Configured CPU limit of the ingestion replicas, in millicores.',
    ),
    memoryUsage: family(
      'ClickPipes_Replica_MemoryUsage',
      'gauge',
      'Average memory usage of the ingestion replicas, in bytes.',
    ),
    memoryLimit: family(
      'ClickPipes_Replica_MemoryLimit',
      'gauge',
      'Configured memory limit of the ingestion replicas, in bytes.',
    ),
    lastFetchedBatch: family('ClickPipes_LastFetchedBatchId', 'gauge', 'Id of the last batch fetched from the source.'),
    lastSentBatch: family('ClickPipes_LastSentBatchId', 'gauge', 'Id of the last batch sent to ClickHouse.'),
  };
}

const GIB = 1024 ** 3;
const BATCH_SIZE = 10_000;
const EVENT_TYPES = [
  ['insert', 0.7],
  ['update', 0.25],
  ['delete', 0.05],
] as const;

/** CPU and memory limits of one replica: the pipe's scaling, or the service's database-pipe scaling. */
function limits(state: EmulatorState, stored: StoredPipe): { cpu: number; memory: number } {
  const { record } = stored;
  if (kindOf(record) === 'postgres') {
    const cdc = state.cdcScaling.get(record.serviceId);
    return { cpu: cdc?.replicaCpuMillicores ?? 2000, memory: (cdc?.replicaMemoryGb ?? 8) * GIB };
  }
  return { cpu: record.scaling.replicaCpuMillicores ?? 1000, memory: (record.scaling.replicaMemoryGb ?? 4) * GIB };
}

function addPipe(
  families: ReturnType<typeof pipeFamilies>,
  state: EmulatorState,
  service: Service,
  stored: StoredPipe,
  now: number,
): void {
  const { record, meter } = stored;
  advance(meter, record, record.state, now);
  const labels = {
    clickhouse_org: state.organization.id,
    clickhouse_service: service.id,
    clickhouse_service_name: service.name,
    clickpipe_id: record.id,
    clickpipe_name: record.name,
    clickpipe_source: sourceLabel(stored),
  };
  const base = labelText(labels);
  const put = (f: Family, value: number, text = base) => f.samples.push(`${f.name}${text} ${num(value)}`);
  put(families.info, 1, labelText({ ...labels, clickpipe_state: record.state }));
  put(families.fetchedEvents, Math.round(meter.fetchedEvents));
  put(families.sentEvents, Math.round(meter.sentEvents));
  put(families.fetchedBytes, Math.round(meter.fetchedBytes));
  put(families.fetchedBytesCompressed, Math.round(meter.fetchedBytesCompressed));
  put(families.sentBytes, Math.round(meter.sentBytes));
  put(families.sentBytesCompressed, Math.round(meter.sentBytesCompressed));
  put(families.errors, Math.round(meter.errors));
  put(families.lastFetchedBatch, Math.floor(meter.fetchedEvents / BATCH_SIZE));
  put(families.lastSentBatch, Math.floor(meter.sentEvents / BATCH_SIZE));

  const ingesting = isIngesting(record.state);
  const wave = swing(meter.profile, now / 1000);
  const { cpu, memory } = limits(state, stored);
  put(families.cpuLimit, cpu);
  put(families.memoryLimit, memory);
  // Averages over the last minute: a pipe that does not ingest has no replicas to measure.
  if (ingesting) {
    put(families.latency, meter.profile.latencyMs * wave);
    put(families.cpuUsage, Math.round(cpu * 0.4 * wave));
    put(families.memoryUsage, Math.round(memory * 0.45 * (0.9 + 0.1 * wave)));
  }
  if (kindOf(record) !== 'postgres') return;
  put(families.fetchedBytesInitialLoad, Math.round(meter.fetchedBytesInitialLoad));
  put(families.fetchedBytesResync, Math.round(meter.fetchedBytesResync));
  if (ingesting) put(families.replicationLag, 2 * wave);
  const mappings = (record.source.postgres?.tableMappings as { targetTable?: string }[] | undefined) ?? [];
  for (const mapping of mappings) {
    for (const [eventType, share] of EVENT_TYPES) {
      const value = Math.round((meter.fetchedEvents / Math.max(1, mappings.length)) * share);
      put(
        families.perTable,
        value,
        labelText({ ...labels, destination_table: mapping.targetTable ?? '', event_type: eventType }),
      );
    }
  }
}

function serviceFamilies(state: EmulatorState, service: Service, filtered: boolean): Family[] {
  const labels = {
    clickhouse_org: state.organization.id,
    clickhouse_service: service.id,
    clickhouse_service_name: service.name,
  };
  const info = family(
    'ClickHouse_ServiceInfo',
    'untyped',
    'Information about service, including cluster status and ClickHouse version',
  );
  info.samples.push(
    `${info.name}${labelText({ ...labels, clickhouse_cluster_status: service.state, clickhouse_version: '25.8', scrape: filtered ? 'filtered' : 'full' })} 1`,
  );
  // The vendor's page: a scrape does not wake an idle service, and then only ClickHouse_ServiceInfo is returned.
  if (service.state !== 'running') return [info];
  const queries = family(
    'ClickHouseProfileEvents_Query',
    'counter',
    'Number of queries to be interpreted and potentially executed.',
  );
  queries.samples.push(
    `${queries.name}${labelText({ ...labels, hostname: 'server-0', instance: 'server-0', table: 'system.events' })} ${Math.floor(Date.now() / 1000) % 1_000_000}`,
  );
  return [info, queries];
}

/** Every metric family of one service, pipes included; counters are brought up to `now` first. */
function familiesOf(state: EmulatorState, service: Service, filtered: boolean, now: number): Family[] {
  const families = pipeFamilies();
  for (const stored of state.pipes.values()) {
    if (stored.record.serviceId === service.id) addPipe(families, state, service, stored, now);
  }
  return [...serviceFamilies(state, service, filtered), ...Object.values(families)];
}

/**
 * The text format: a family's HELP and TYPE once, then all its samples together. Families of the
 * same name from several services are one family (as in the organization-wide answer, where every
 * sample tells its service by the `clickhouse_service` label).
 */
function render(families: Family[]): string {
  const merged = new Map<string, Family>();
  for (const f of families) {
    const into = merged.get(f.name);
    if (into) into.samples.push(...f.samples);
    else merged.set(f.name, { ...f, samples: [...f.samples] });
  }
  return [...merged.values()]
    .filter((f) => f.samples.length > 0)
    .map((f) => `# HELP ${f.name} ${f.help}\n# TYPE ${f.name} ${f.type}\n${f.samples.join('\n')}\n`)
    .join('\n');
}

/** The whole answer for one service (`GET …/services/{serviceId}/prometheus`). */
export function renderServicePrometheus(
  state: EmulatorState,
  service: Service,
  filtered: boolean,
  now = Date.now(),
): string {
  return render(familiesOf(state, service, filtered, now));
}

/** The answer for every service of the organization (`GET /v1/organizations/{org}/prometheus`). */
export function renderOrganizationPrometheus(state: EmulatorState, filtered: boolean, now = Date.now()): string {
  return render([...state.services.values()].flatMap((service) => familiesOf(state, service, filtered, now)));
}
