import { wirePipeBody } from '../contract/names';
import { expr, hclLabel, renderHcl, uniqueLabel, type HclBlock, type HclObject } from './hcl';
import { pick, snake, toHcl, type Shape } from './shape';

/**
 * A pipe as a `clickhouse_clickpipe` resource of the ClickHouse Terraform provider (facts in the
 * README): the record in the real service's names, the provider's attribute names, every secret a
 * sensitive variable (the record never has them), and an `import` block with `service_id:pipe_id`.
 */

const KAFKA: Shape = {
  type: true,
  format: true,
  brokers: true,
  topics: true,
  authentication: true,
  ca_certificate: true,
  consumer_group: true,
  exactly_once: true,
  iam_role: true,
  offset: { strategy: true, timestamp: true },
  reverse_private_endpoint_ids: true,
};
const KINESIS: Shape = {
  authentication: true,
  format: true,
  iterator_type: true,
  region: true,
  stream_name: true,
  iam_role: true,
  timestamp: true,
  use_enhanced_fan_out: true,
};
const OBJECT_STORAGE: Shape = {
  type: true,
  format: true,
  url: true,
  path: true,
  authentication: true,
  azure_container_name: true,
  compression: true,
  delimiter: true,
  iam_role: true,
  is_continuous: true,
  queue_url: true,
  skip_initial_load: true,
  start_after: true,
};
const POSTGRES: Shape = {
  type: true,
  host: true,
  port: true,
  database: true,
  authentication: true,
  ca_certificate: true,
  iam_role: true,
  tls_host: true,
  settings: {
    replication_mode: true,
    allow_nullable_columns: true,
    delete_on_merge: true,
    enable_failover_slots: true,
    initial_load_parallelism: true,
    publication_name: true,
    pull_batch_size: true,
    replication_slot_name: true,
    snapshot_num_rows_per_partition: true,
    snapshot_number_of_parallel_tables: true,
    sync_interval_seconds: true,
  },
  table_mappings: {
    source_schema_name: true,
    source_table: true,
    target_table: true,
    excluded_columns: true,
    partition_by_expr: true,
    partition_key: true,
    sorting_keys: true,
    table_engine: true,
    use_custom_sorting_key: true,
  },
};
const DESTINATION: Shape = {
  database: true,
  table: true,
  managed_table: true,
  roles: true,
  columns: { name: true, type: true },
  table_definition: {
    engine: { type: true, column_ids: true, version_column_id: true },
    partition_by: true,
    primary_key: true,
    sorting_key: true,
  },
};
const SCALING: Shape = { replicas: true, replica_cpu_millicores: true, replica_memory_gb: true };
const FIELD_MAPPING: Shape = { source_field: true, destination_field: true };

const SOURCES: Record<string, { shape: Shape; key: string }> = {
  kafka: { shape: KAFKA, key: 'kafka' },
  kinesis: { shape: KINESIS, key: 'kinesis' },
  objectStorage: { shape: OBJECT_STORAGE, key: 'object_storage' },
  postgres: { shape: POSTGRES, key: 'postgres' },
};

export interface TerraformFile {
  /** One file's HCL. */
  text: string;
  /** Fields of the record the provider has no attribute for (named in the file's header). */
  leftOut: string[];
}

type Json = Record<string, unknown>;

/** The secrets a source's authentication needs, as `{attribute path: variable suffix}` under the source object. */
function secretsFor(kind: string, source: Json): Array<{ path: string[]; name: string }> {
  const auth = typeof source.authentication === 'string' ? source.authentication : kind === 'kafka' ? 'PLAIN' : '';
  const pair = (a: string, b: string) => [
    { path: ['access_key', a], name: a },
    { path: ['access_key', b], name: b },
  ];
  if (kind === 'kafka') {
    if (source.type === 'azureeventhub')
      return [{ path: ['credentials', 'connection_string'], name: 'connection_string' }];
    if (auth === 'IAM_ROLE') return [];
    if (auth === 'IAM_USER')
      return [
        { path: ['credentials', 'access_key_id'], name: 'access_key_id' },
        { path: ['credentials', 'secret_key'], name: 'secret_key' },
      ];
    if (auth === 'MUTUAL_TLS')
      return [
        { path: ['credentials', 'certificate'], name: 'certificate' },
        { path: ['credentials', 'private_key'], name: 'private_key' },
      ];
    return [
      { path: ['credentials', 'username'], name: 'username' },
      { path: ['credentials', 'password'], name: 'password' },
    ];
  }
  if (kind === 'kinesis') return auth === 'IAM_USER' ? pair('access_key_id', 'secret_key') : [];
  if (kind === 'objectStorage') {
    if (auth === 'IAM_USER') return pair('access_key_id', 'secret_key');
    if (auth === 'CONNECTION_STRING') return [{ path: ['connection_string'], name: 'connection_string' }];
    if (auth === 'SERVICE_ACCOUNT') return [{ path: ['service_account_key'], name: 'service_account_key' }];
    return [];
  }
  if (kind === 'postgres')
    return [
      { path: ['credentials', 'username'], name: 'username' },
      { path: ['credentials', 'password'], name: 'password' },
    ];
  return [];
}

function setAt(target: HclObject, path: string[], value: HclObject[string]): void {
  let node = target;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as HclObject;
  node[path.at(-1)!] = value;
}

/** `adopt: false` for a pipe not created yet (the wizard's review): no import block; `unique`: the label carries the id (many pipes in one folder). */
export function pipeAsTerraform(
  pipe: Json,
  serviceId: string,
  { adopt = true, unique = false }: { adopt?: boolean; unique?: boolean } = {},
): TerraformFile {
  const real = wirePipeBody(pipe) as Json;
  const leftOut: string[] = [];
  const label = uniqueLabel(hclLabel(String(real.name ?? ''), 'pipe'), real.id, unique);
  const source = (real.source ?? {}) as Json;
  const kind = Object.keys(SOURCES).find((key) => source[key] !== null && source[key] !== undefined);
  const variables: HclBlock[] = [];
  let sourceHcl: HclObject = {};
  if (kind) {
    const { shape, key } = SOURCES[kind]!;
    const picked = pick(source[kind], shape, `source.${kind}`, leftOut) ?? {};
    for (const secret of secretsFor(kind, source[kind] as Json)) {
      const variable = `${label}_${secret.name}`;
      setAt(picked, secret.path, expr(`var.${variable}`));
      variables.push({
        type: 'variable',
        labels: [variable],
        body: [
          ['type', expr('string')],
          ['sensitive', true],
          ['description', `${secret.path.join('.')} of the pipe's ${key} source`],
        ],
      });
    }
    sourceHcl = { [key]: picked };
  }
  const settings =
    typeof real.settings === 'object' && real.settings !== null
      ? (toHcl(Object.fromEntries(Object.entries(real.settings as Json).filter(([, v]) => v !== null))) as HclObject)
      : undefined;
  const resource: HclBlock = {
    type: 'resource',
    labels: ['clickhouse_clickpipe', label],
    body: [
      ['name', String(real.name ?? '')],
      ['service_id', serviceId],
      ['stopped', pipe.runState === 'stopped'],
      ['source', sourceHcl],
      ['destination', pick(real.destination, DESTINATION, 'destination', leftOut)],
      [
        'field_mappings',
        Array.isArray(real.fieldMappings)
          ? real.fieldMappings.map((m) => pick(m, FIELD_MAPPING, 'fieldMappings[]', leftOut) ?? {})
          : undefined,
      ],
      ['scaling', pick(real.scaling, SCALING, 'scaling', leftOut)],
      ['settings', settings && Object.keys(settings).length > 0 ? settings : undefined],
    ],
  };
  const importBlock: HclBlock = {
    type: 'import',
    labels: [],
    body: [
      ['to', expr(`clickhouse_clickpipe.${label}`)],
      ['id', `${serviceId}:${String(real.id ?? '')}`],
    ],
  };
  const header = [
    adopt
      ? `Pipe "${String(real.name ?? '')}" (${String(real.id ?? '')}), exported by Sluice for the ClickHouse Terraform provider.`
      : `Pipe "${String(real.name ?? '')}" as a new resource of the ClickHouse Terraform provider, written by Sluice.`,
    adopt
      ? 'Secrets are variables: set them (e.g. TF_VAR_...) before `terraform plan`; the import block adopts the existing pipe.'
      : 'Secrets are variables: set them (e.g. TF_VAR_...) before `terraform plan`.',
    ...(leftOut.length ? [`Not expressible in the provider's schema, left out: ${leftOut.map(snake).join(', ')}`] : []),
  ];
  return { text: renderHcl([...(adopt ? [importBlock] : []), resource, ...variables], header), leftOut };
}
