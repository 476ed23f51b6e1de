/**
 * The connection of a Kafka pipe as its edit dialog holds it, and the PATCH it turns into. After
 * creation only these fields may change (`kafkaEditableFields`); the rest means a new pipe.
 */
import { AUTH_METHOD_LABELS, type KafkaAuthMethod, type KafkaType } from '@/lib/schemas/pipes/bounds';
import { kafkaAuthMethodsFor, kafkaCredentialKindFor, type KafkaCredentialKind } from '@/lib/schemas/pipes/kafka';
import type { KafkaCredentialValues } from '@/lib/schemas/pipes/kafka-auth';
import type { KafkaSourceRecord } from '@/lib/schemas/pipes/record';

export type { KafkaCredentialValues };
export type KafkaCredentialField = keyof KafkaCredentialValues;

export interface KafkaConnectionValues {
  authentication: KafkaAuthMethod;
  iamRole: string;
  caCertificate: string;
  /** One id per line or separated by commas. */
  reversePrivateEndpointIds: string;
  credentials: KafkaCredentialValues;
}

export interface KafkaConnectionPatch {
  authentication?: KafkaAuthMethod;
  iamRole?: string;
  caCertificate?: string | null;
  reversePrivateEndpointIds?: string[];
  credentials?: Partial<KafkaCredentialValues>;
}

export interface CredentialFieldSpec {
  name: KafkaCredentialField;
  label: string;
  /** Typed blind and never prefilled. */
  secret: boolean;
  multiline: boolean;
}

const CREDENTIAL_FIELDS: Record<Exclude<KafkaCredentialKind, 'none'>, CredentialFieldSpec[]> = {
  usernamePassword: [
    { name: 'username', label: 'Username', secret: false, multiline: false },
    { name: 'password', label: 'Password', secret: true, multiline: false },
  ],
  accessKey: [
    { name: 'accessKeyId', label: 'Access key ID', secret: false, multiline: false },
    { name: 'secretKey', label: 'Secret key', secret: true, multiline: false },
  ],
  connectionString: [{ name: 'connectionString', label: 'Connection string', secret: true, multiline: false }],
  clientCertificate: [
    { name: 'certificate', label: 'Client certificate', secret: false, multiline: true },
    { name: 'privateKey', label: 'Client key', secret: true, multiline: true },
  ],
};

/** The credential fields the method asks for; none for IAM_ROLE, which sends `iamRole` instead. */
export function credentialFieldsFor(type: KafkaType, method: KafkaAuthMethod): CredentialFieldSpec[] {
  const kind = kafkaCredentialKindFor(type, method);
  return kind === 'none' ? [] : CREDENTIAL_FIELDS[kind];
}

export const authMethodOptions = (type: KafkaType) =>
  kafkaAuthMethodsFor(type).map((method) => ({ value: method, label: AUTH_METHOD_LABELS[method] }));

const EMPTY_CREDENTIALS: KafkaCredentialValues = {
  username: '',
  password: '',
  accessKeyId: '',
  secretKey: '',
  connectionString: '',
  certificate: '',
  privateKey: '',
};

/** The form's start: the pipe's values; credentials are never returned by the upstream, so they start empty. */
export function kafkaConnectionFormValues(source: KafkaSourceRecord): KafkaConnectionValues {
  return {
    authentication: source.authentication,
    iamRole: source.iamRole ?? '',
    caCertificate: source.caCertificate ?? '',
    reversePrivateEndpointIds: (source.reversePrivateEndpointIds ?? []).join('\n'),
    credentials: { ...EMPTY_CREDENTIALS },
  };
}

export const splitIds = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The PATCH of `source.kafka`: only what changed. A new method always sends its credentials (the
 * old ones do not carry over), so leaving them empty is caught as "required"; with the same
 * method, empty credentials mean "keep the current ones". A cleared CA certificate is sent as null.
 */
export function toKafkaConnectionPatch(
  current: KafkaSourceRecord,
  values: KafkaConnectionValues,
): KafkaConnectionPatch {
  const patch: KafkaConnectionPatch = {};
  const methodChanged = values.authentication !== current.authentication;
  if (methodChanged) patch.authentication = values.authentication;

  const fields = credentialFieldsFor(current.type, values.authentication);
  if (values.authentication === 'IAM_ROLE') {
    const role = values.iamRole.trim();
    if (methodChanged || role !== (current.iamRole ?? '')) patch.iamRole = role;
  } else {
    const credentials = Object.fromEntries(fields.map(({ name }) => [name, values.credentials[name]]));
    if (methodChanged || Object.values(credentials).some((value) => value.trim() !== ''))
      patch.credentials = credentials;
  }

  const ca = values.caCertificate.trim();
  if (ca !== (current.caCertificate ?? '').trim()) patch.caCertificate = ca || null;

  const ids = splitIds(values.reversePrivateEndpointIds);
  if (!sameList(ids, current.reversePrivateEndpointIds ?? [])) patch.reversePrivateEndpointIds = ids;
  return patch;
}

/** Server field paths name the PATCH body (`source.kafka.credentials.password`); the form names `credentials.password`. */
export const KAFKA_SOURCE_PREFIX = 'source.kafka.';
