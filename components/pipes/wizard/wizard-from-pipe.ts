/**
 * A stored pipe definition (a deleted pipe's last version) as a wizard draft, so it can be created
 * again: the same source, destination, mappings, scaling and settings, with every secret asked for
 * again (the history never keeps them).
 */
import {
  BLOB_CONTAINER_TYPE,
  PIPE_KINDS,
  type KafkaAuthMethod,
  type KafkaType,
  type PipeKind,
} from '@/lib/schemas/pipes/bounds';
import { kafkaCredentialKindFor } from '@/lib/schemas/pipes/kafka-auth';
import { serializeDraft } from './wizard-draft';
import { emptyWizardValues, type WizardValues } from './wizard-values';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown): Json => (isObject(value) ? value : {});

/** The wizard edits lists as "a, b" text. */
const listText = (value: unknown): string =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string').join(', ')
    : typeof value === 'string'
      ? value
      : '';

const KAFKA_SECRET: Record<string, string | undefined> = {
  usernamePassword: 'source.kafka.credentials.password',
  accessKey: 'source.kafka.credentials.secretKey',
  connectionString: 'source.kafka.credentials.connectionString',
  clientCertificate: 'source.kafka.credentials.privateKey',
};

/** The form paths of the secrets this definition needs, by its source kind and authentication. */
function secretPaths(kind: PipeKind, source: Json): string[] {
  const auth = typeof source.authentication === 'string' ? source.authentication : '';
  switch (kind) {
    case 'kafka': {
      const paths: string[] = [];
      if (auth && typeof source.type === 'string') {
        const path = KAFKA_SECRET[kafkaCredentialKindFor(source.type as KafkaType, auth as KafkaAuthMethod)];
        if (path) paths.push(path);
      }
      if (source.format === 'AvroRegistry') paths.push('source.kafka.schemaRegistry.credentials.password');
      return paths;
    }
    case 'streamService':
      return auth === 'IAM_USER' ? ['source.streamService.accessKey.secretKey'] : [];
    case 'objectStorage':
      if (source.type === BLOB_CONTAINER_TYPE) return ['source.objectStorage.connectionString'];
      return auth === 'IAM_USER' ? ['source.objectStorage.accessKey.secretKey'] : [];
    case 'postgres':
      return ['source.postgres.credentials.password'];
  }
}

function sourceDraft(kind: PipeKind, source: Json): Json {
  if (kind === 'kafka') {
    const registry = objectAt(source.schemaRegistry);
    return {
      ...source,
      reversePrivateEndpointIds: listText(source.reversePrivateEndpointIds),
      offset: { strategy: '', timestamp: '', ...objectAt(source.offset) },
      schemaRegistry: {
        url: registry.url,
        caCertificate: registry.caCertificate,
        credentials: objectAt(registry.credentials),
      },
    };
  }
  if (kind === 'postgres') {
    const mappings = Array.isArray(source.tableMappings) ? source.tableMappings.filter(isObject) : [];
    return {
      ...source,
      tableMappings: mappings.map((mapping) => ({
        ...mapping,
        useCustomSortingKey: Array.isArray(mapping.sortingKeys) && mapping.sortingKeys.length > 0,
        sortingKeys: listText(mapping.sortingKeys),
        excludedColumns: listText(mapping.excludedColumns),
      })),
    };
  }
  return source;
}

export interface PipeDraft {
  /** The draft as the wizard stores it (sessionStorage), opening at the connection step. */
  text: string;
  kind: PipeKind;
  /** Secrets to enter again, as form paths. */
  secrets: string[];
}

/** The wizard draft of a stored pipe definition; null when it names no source kind the wizard knows. */
export function pipeDraftFrom(pipe: Json): PipeDraft | null {
  const sources = objectAt(pipe.source);
  const kind = PIPE_KINDS.find((candidate) => isObject(sources[candidate]));
  if (!kind) return null;
  const source = objectAt(sources[kind]);
  const destination = objectAt(pipe.destination);
  const empty = emptyWizardValues();
  // Only what the definition has; the wizard's draft loader fills the rest from its defaults and
  // keeps a stored value only where its type is the one the form expects.
  const values = {
    ...empty,
    kind,
    name: typeof pipe.name === 'string' ? pipe.name : '',
    source: { ...empty.source, [kind]: sourceDraft(kind, source), validateSamples: sources.validateSamples === true },
    destination: { ...destination, roles: listText(destination.roles) },
    fieldMappings: Array.isArray(pipe.fieldMappings) ? pipe.fieldMappings : [],
    scaling: { ...empty.scaling, ...objectAt(pipe.scaling) },
    settings: { ...empty.settings, ...objectAt(pipe.settings) },
  } as unknown as WizardValues;
  const secrets = secretPaths(kind, source);
  return { text: serializeDraft('connection', values, secrets), kind, secrets };
}
