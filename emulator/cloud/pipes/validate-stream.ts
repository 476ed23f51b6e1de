import {
  absent, bad, checkSecret, enumAt, iamRoleFor, objectAt, optionalBoolean, requiredString, type SourceOptions,
} from './validate-common';
import type { Rec } from './types';

const PATH = 'source.streamService';
export const STREAM_AUTHENTICATIONS = ['IAM_ROLE', 'IAM_USER'] as const;
export const STREAM_FORMATS = ['JSONEachRow', 'Avro', 'AvroRegistry'] as const;
export const ITERATOR_TYPES = ['TRIM_HORIZON', 'LATEST', 'AT_TIMESTAMP'] as const;
/** Larger values are milliseconds, not the Unix seconds the field takes. */
const MAX_UNIX_SECONDS = 99_999_999_999;

function parseTimestamp(value: unknown, iteratorType: string): number | null {
  if (absent(value)) {
    if (iteratorType === 'AT_TIMESTAMP') throw bad(`${PATH}.timestamp is required when iteratorType is AT_TIMESTAMP`);
    return null;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_UNIX_SECONDS) {
    throw bad(`${PATH}.timestamp must be an integer Unix timestamp in seconds`);
  }
  return value;
}

/** Validates a managed-stream-service source and returns it without `accessKey`. */
export function parseStreamSource(value: unknown, options: SourceOptions): Rec {
  const stream = objectAt(value, PATH);
  const authentication = enumAt(stream.authentication, `${PATH}.authentication`, STREAM_AUTHENTICATIONS);
  const format = enumAt(stream.format, `${PATH}.format`, STREAM_FORMATS);
  const iamRole = iamRoleFor(stream.iamRole, `${PATH}.iamRole`, authentication);
  if (authentication === 'IAM_USER') {
    checkSecret(stream.accessKey, `${PATH}.accessKey`, ['accessKeyId', 'secretKey'], ' for authentication IAM_USER', options.requireSecrets);
  } else if (!absent(stream.accessKey)) {
    throw bad(`${PATH}.accessKey is only allowed for authentication IAM_USER`);
  }
  const iteratorType = enumAt(stream.iteratorType, `${PATH}.iteratorType`, ITERATOR_TYPES);
  return {
    authentication,
    format,
    iamRole: authentication === 'IAM_ROLE' ? iamRole : null,
    iteratorType,
    timestamp: parseTimestamp(stream.timestamp, iteratorType),
    region: requiredString(stream.region, `${PATH}.region`),
    streamName: requiredString(stream.streamName, `${PATH}.streamName`),
    useEnhancedFanOut: optionalBoolean(stream.useEnhancedFanOut, `${PATH}.useEnhancedFanOut`),
  };
}
