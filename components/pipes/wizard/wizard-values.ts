/**
 * The wizard's form values: the creation request as a person edits it. Each source kind keeps its
 * own draft (so switching back restores nothing stale: choosing a kind replaces the source), lists
 * typed as text are kept as text, and "not chosen" is an empty string. `toRequestInput` turns these
 * values into the request body the shared schema checks, keeping every field at the same path, so
 * schema and server errors land on the field that shows them.
 */
import {
  BLOB_CONTAINER_TYPE,
  CSV_FORMATS,
  SCALING_KEYS,
  SETTING_KEYS,
  type Compression,
  type IteratorType,
  type KafkaAuthMethod,
  type KafkaType,
  type ObjectStorageFormat,
  type ObjectStorageType,
  type OffsetStrategy,
  type PipeKind,
  type PostgresTableEngine,
  type ReplicationMode,
  type ScalingKey,
  type SettingKey,
  type StreamAuthMethod,
  type StreamingFormat,
  type TableEngine,
} from '@/lib/schemas/pipes/bounds';
import { kafkaCredentialKindFor, type KafkaCredentialValues } from '@/lib/schemas/pipes/kafka-auth';

export interface KafkaDraft {
  type: KafkaType;
  authentication: KafkaAuthMethod | '';
  brokers: string;
  topics: string;
  format: StreamingFormat;
  consumerGroup: string;
  caCertificate: string;
  iamRole: string;
  offset: { strategy: OffsetStrategy | ''; timestamp: string };
  /** One id per line or separated by commas. */
  reversePrivateEndpointIds: string;
  schemaRegistry: { url: string; caCertificate: string; credentials: { username: string; password: string } };
  /** Every kind of credential; only the one the method needs is sent. */
  credentials: KafkaCredentialValues;
}

export interface StreamDraft {
  authentication: StreamAuthMethod;
  format: StreamingFormat;
  iamRole: string;
  accessKey: { accessKeyId: string; secretKey: string };
  iteratorType: IteratorType;
  timestamp: number | undefined;
  region: string;
  streamName: string;
  useEnhancedFanOut: boolean;
}

export interface ObjectStorageDraft {
  type: ObjectStorageType;
  url: string;
  format: ObjectStorageFormat;
  compression: Compression | '';
  delimiter: string;
  /** Empty: no authentication, a public bucket. */
  authentication: 'IAM_ROLE' | 'IAM_USER' | 'CONNECTION_STRING' | '';
  iamRole: string;
  accessKey: { accessKeyId: string; secretKey: string };
  connectionString: string;
  blobContainerName: string;
  path: string;
  isContinuous: boolean;
  queueUrl: string;
}

export interface TableMappingDraft {
  sourceSchemaName: string;
  sourceTable: string;
  targetTable: string;
  tableEngine: PostgresTableEngine | '';
  useCustomSortingKey: boolean;
  /** Column names separated by commas, in sorting order. */
  sortingKeys: string;
  excludedColumns: string;
}

export interface PostgresDraft {
  host: string;
  port: number | undefined;
  database: string;
  credentials: { username: string; password: string };
  settings: {
    replicationMode: ReplicationMode | '';
    allowNullableColumns: boolean;
    enableFailoverSlots: boolean;
    initialLoadParallelism: number | undefined;
    publicationName: string;
    replicationSlotName: string;
    pullBatchSize: number | undefined;
    snapshotNumRowsPerPartition: number | undefined;
    snapshotNumberOfParallelTables: number | undefined;
    syncIntervalSeconds: number | undefined;
  };
  tableMappings: TableMappingDraft[];
}

export interface DestinationDraft {
  database: string;
  table: string;
  managedTable: boolean;
  columns: { name: string; type: string }[];
  tableDefinition: {
    engine: { type: TableEngine | ''; columnIds: string[]; versionColumnId: string };
    partitionBy: string;
    primaryKey: string;
    sortingKey: string[];
  };
  /** Role names separated by commas; custom roles are allowed. */
  roles: string;
}

export type SettingValue = number | boolean | undefined;

export interface WizardValues {
  kind: PipeKind | '';
  name: string;
  source: {
    kafka: KafkaDraft;
    streamService: StreamDraft;
    objectStorage: ObjectStorageDraft;
    postgres: PostgresDraft;
    validateSamples: boolean;
  };
  destination: DestinationDraft;
  fieldMappings: { sourceField: string; destinationField: string }[];
  scaling: Record<ScalingKey, number | undefined>;
  settings: Record<SettingKey, SettingValue>;
}

const emptyAccessKey = () => ({ accessKeyId: '', secretKey: '' });

export const emptyTableMapping = (): TableMappingDraft => ({
  sourceSchemaName: 'public',
  sourceTable: '',
  targetTable: '',
  tableEngine: '',
  useCustomSortingKey: false,
  sortingKeys: '',
  excludedColumns: '',
});

export function defaultSourceDrafts(): Omit<WizardValues['source'], 'validateSamples'> {
  return {
    kafka: {
      type: 'kafka',
      authentication: 'PLAIN',
      brokers: '',
      topics: '',
      format: 'JSONEachRow',
      consumerGroup: '',
      caCertificate: '',
      iamRole: '',
      offset: { strategy: '', timestamp: '' },
      reversePrivateEndpointIds: '',
      schemaRegistry: { url: '', caCertificate: '', credentials: { username: '', password: '' } },
      credentials: { username: '', password: '', accessKeyId: '', secretKey: '', connectionString: '', certificate: '', privateKey: '' },
    },
    streamService: {
      authentication: 'IAM_ROLE',
      format: 'JSONEachRow',
      iamRole: '',
      accessKey: emptyAccessKey(),
      iteratorType: 'LATEST',
      timestamp: undefined,
      region: '',
      streamName: '',
      useEnhancedFanOut: false,
    },
    objectStorage: {
      type: 'objstore_1',
      url: '',
      format: 'JSONEachRow',
      compression: '',
      delimiter: '',
      authentication: '',
      iamRole: '',
      accessKey: emptyAccessKey(),
      connectionString: '',
      blobContainerName: '',
      path: '',
      isContinuous: false,
      queueUrl: '',
    },
    postgres: {
      host: '',
      port: 5432,
      database: '',
      credentials: { username: '', password: '' },
      settings: {
        replicationMode: '',
        allowNullableColumns: false,
        enableFailoverSlots: false,
        initialLoadParallelism: undefined,
        publicationName: '',
        replicationSlotName: '',
        pullBatchSize: undefined,
        snapshotNumRowsPerPartition: undefined,
        snapshotNumberOfParallelTables: undefined,
        syncIntervalSeconds: undefined,
      },
      tableMappings: [emptyTableMapping()],
    },
  };
}

export function emptyWizardValues(): WizardValues {
  return {
    kind: '',
    name: '',
    source: { ...defaultSourceDrafts(), validateSamples: false },
    destination: {
      database: 'default',
      table: '',
      managedTable: true,
      columns: [{ name: '', type: 'String' }],
      tableDefinition: {
        engine: { type: '', columnIds: [], versionColumnId: '' },
        partitionBy: '',
        primaryKey: '',
        sortingKey: [],
      },
      roles: '',
    },
    fieldMappings: [],
    scaling: Object.fromEntries(SCALING_KEYS.map((key) => [key, undefined])) as WizardValues['scaling'],
    settings: Object.fromEntries(SETTING_KEYS.map((key) => [key, undefined])) as WizardValues['settings'],
  };
}

/** "a, b\nc" → ["a", "b", "c"] */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** Drops blank keys: what a person left empty is not sent (the upstream refuses nulls and empty strings). */
function withoutBlanks<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => !isBlank(v))) as Partial<T>;
}

const trimmed = (text: string) => text.trim();

function kafkaRequest(draft: KafkaDraft) {
  const auth = draft.authentication || undefined;
  const credentials = (() => {
    if (!auth) return undefined;
    const c = draft.credentials;
    switch (kafkaCredentialKindFor(draft.type, auth)) {
      case 'none': return undefined;
      case 'accessKey': return { accessKeyId: c.accessKeyId, secretKey: c.secretKey };
      case 'connectionString': return { connectionString: c.connectionString };
      case 'clientCertificate': return { certificate: c.certificate, privateKey: c.privateKey };
      case 'usernamePassword': return { username: c.username, password: c.password };
    }
  })();
  const registry = draft.schemaRegistry;
  return withoutBlanks({
    type: draft.type,
    authentication: auth,
    brokers: draft.brokers,
    topics: draft.topics,
    format: draft.format,
    consumerGroup: trimmed(draft.consumerGroup),
    caCertificate: trimmed(draft.caCertificate),
    iamRole: auth === 'IAM_ROLE' ? draft.iamRole : undefined,
    offset: draft.offset.strategy
      ? withoutBlanks({ strategy: draft.offset.strategy, timestamp: draft.offset.strategy === 'from_timestamp' ? draft.offset.timestamp : undefined })
      : undefined,
    reversePrivateEndpointIds: splitList(draft.reversePrivateEndpointIds),
    schemaRegistry:
      draft.format === 'AvroRegistry'
        ? withoutBlanks({ authentication: 'PLAIN', url: registry.url, caCertificate: trimmed(registry.caCertificate), credentials: registry.credentials })
        : undefined,
    credentials,
  });
}

function streamRequest(draft: StreamDraft) {
  return withoutBlanks({
    authentication: draft.authentication,
    format: draft.format,
    iamRole: draft.authentication === 'IAM_ROLE' ? draft.iamRole : undefined,
    accessKey: draft.authentication === 'IAM_USER' ? draft.accessKey : undefined,
    iteratorType: draft.iteratorType,
    timestamp: draft.iteratorType === 'AT_TIMESTAMP' ? draft.timestamp : undefined,
    region: draft.region,
    streamName: draft.streamName,
    useEnhancedFanOut: draft.useEnhancedFanOut || undefined,
  });
}

export const isBlobContainer = (draft: Pick<ObjectStorageDraft, 'type'>) => draft.type === BLOB_CONTAINER_TYPE;
export const isCsvFormat = (format: ObjectStorageFormat) => (CSV_FORMATS as readonly string[]).includes(format);

function objectStorageRequest(draft: ObjectStorageDraft) {
  const blob = isBlobContainer(draft);
  const auth = draft.authentication || undefined;
  const isPublic = !blob && !auth;
  return withoutBlanks({
    type: draft.type,
    url: blob ? undefined : draft.url,
    format: draft.format,
    compression: draft.compression,
    delimiter: isCsvFormat(draft.format) ? draft.delimiter : undefined,
    authentication: blob ? (auth === 'CONNECTION_STRING' ? auth : undefined) : auth === 'CONNECTION_STRING' ? undefined : auth,
    iamRole: !blob && auth === 'IAM_ROLE' ? draft.iamRole : undefined,
    accessKey: !blob && auth === 'IAM_USER' ? draft.accessKey : undefined,
    connectionString: blob ? draft.connectionString : undefined,
    blobContainerName: blob ? draft.blobContainerName : undefined,
    path: blob ? draft.path : undefined,
    isContinuous: draft.isContinuous || undefined,
    queueUrl: draft.isContinuous && !isPublic ? draft.queueUrl : undefined,
  });
}

function postgresRequest(draft: PostgresDraft) {
  const s = draft.settings;
  return withoutBlanks({
    host: draft.host,
    port: draft.port,
    database: draft.database,
    credentials: draft.credentials,
    settings: withoutBlanks({
      ...s,
      replicationMode: s.replicationMode,
      allowNullableColumns: s.allowNullableColumns || undefined,
      enableFailoverSlots: s.enableFailoverSlots || undefined,
    }),
    tableMappings: draft.tableMappings.map((m) =>
      withoutBlanks({
        sourceSchemaName: m.sourceSchemaName,
        sourceTable: m.sourceTable,
        targetTable: m.targetTable,
        tableEngine: m.tableEngine,
        useCustomSortingKey: m.useCustomSortingKey || undefined,
        sortingKeys: m.useCustomSortingKey ? splitList(m.sortingKeys) : undefined,
        excludedColumns: splitList(m.excludedColumns),
      }),
    ),
  });
}

function destinationRequest(draft: DestinationDraft, kind: PipeKind) {
  const roles = splitList(draft.roles);
  if (kind === 'postgres') return withoutBlanks({ database: draft.database, roles });
  const definition = draft.tableDefinition;
  const engineType = definition.engine.type;
  const engine =
    engineType === 'SummingMergeTree'
      ? { type: engineType, columnIds: definition.engine.columnIds }
      : engineType === 'ReplacingMergeTree'
        ? withoutBlanks({ type: engineType, versionColumnId: definition.engine.versionColumnId })
        : engineType
          ? { type: engineType }
          : undefined;
  return withoutBlanks({
    database: draft.database,
    table: draft.table,
    managedTable: draft.managedTable,
    columns: draft.columns,
    tableDefinition: engine
      ? withoutBlanks({ engine, partitionBy: trimmed(definition.partitionBy), primaryKey: trimmed(definition.primaryKey), sortingKey: definition.sortingKey })
      : undefined,
    roles,
  });
}

const SOURCE_REQUEST = {
  kafka: (values: WizardValues) => kafkaRequest(values.source.kafka),
  streamService: (values: WizardValues) => streamRequest(values.source.streamService),
  objectStorage: (values: WizardValues) => objectStorageRequest(values.source.objectStorage),
  postgres: (values: WizardValues) => postgresRequest(values.source.postgres),
} satisfies Record<PipeKind, (values: WizardValues) => unknown>;

/**
 * The creation request for these values, before validation: only the chosen source kind, only the
 * fields that apply to the choices made, nothing left blank. Postgres pipes send no field mappings
 * and no `validateSamples` (it has no effect on them).
 */
export function toRequestInput(values: WizardValues): Record<string, unknown> {
  const kind = values.kind;
  if (!kind) return { name: values.name, source: {} };
  const source: Record<string, unknown> = { [kind]: SOURCE_REQUEST[kind](values) };
  if (kind !== 'postgres' && values.source.validateSamples) source.validateSamples = true;
  return withoutBlanks({
    name: values.name,
    source,
    destination: destinationRequest(values.destination, kind),
    fieldMappings: kind === 'postgres' ? undefined : values.fieldMappings,
    scaling: withoutBlanks(values.scaling),
    settings: withoutBlanks(values.settings),
  });
}

/**
 * One mapping per destination column, in column order: kept where it exists, empty where new,
 * so the mapping step always lists exactly the columns of the destination step.
 */
export function alignFieldMappings(
  columns: readonly { name: string }[],
  mappings: readonly { sourceField: string; destinationField: string }[],
): { sourceField: string; destinationField: string }[] {
  const byDestination = new Map(mappings.map((m) => [m.destinationField, m.sourceField]));
  return columns
    .filter((column) => column.name.trim() !== '')
    .map((column) => ({ destinationField: column.name, sourceField: byDestination.get(column.name) ?? '' }));
}

/** "Map by name": every unmapped column reads the source field of the same name. */
export function mapByName(mappings: readonly { sourceField: string; destinationField: string }[]) {
  return mappings.map((m) => (m.sourceField.trim() ? m : { ...m, sourceField: m.destinationField }));
}
