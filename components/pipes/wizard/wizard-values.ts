/**
 * The wizard's form values: the creation request as a person edits it. Each source kind keeps its
 * own draft (so switching back restores nothing stale: choosing a kind replaces the source), lists
 * typed as text are kept as text, and "not chosen" is an empty string. `toRequestInput`
 * (wizard-request.ts) turns them into the request body.
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
import type { KafkaCredentialValues } from '@/lib/schemas/pipes/kafka-auth';

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
      credentials: {
        username: '',
        password: '',
        accessKeyId: '',
        secretKey: '',
        connectionString: '',
        certificate: '',
        privateKey: '',
      },
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

export const isBlobContainer = (draft: Pick<ObjectStorageDraft, 'type'>) => draft.type === BLOB_CONTAINER_TYPE;
export const isCsvFormat = (format: ObjectStorageFormat) => (CSV_FORMATS as readonly string[]).includes(format);

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
