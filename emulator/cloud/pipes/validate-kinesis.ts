import {
  absent,
  bad,
  checkSecret,
  enumAt,
  iamRoleFor,
  objectAt,
  optionalBoolean,
  requiredString,
  type SourceOptions,
} from './validate-common';
import type { Rec } from './types';

const PATH = 'source.kinesis';
export const KINESIS_AUTHENTICATIONS = ['IAM_ROLE', 'IAM_USER'] as const;
export const KINESIS_FORMATS = ['JSONEachRow', 'Avro', 'AvroConfluent'] as const;
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

/** Validates a Kinesis source and returns it without `accessKey`. */
export function parseKinesisSource(value: unknown, options: SourceOptions): Rec {
  const kinesis = objectAt(value, PATH);
  const authentication = enumAt(kinesis.authentication, `${PATH}.authentication`, KINESIS_AUTHENTICATIONS);
  const format = enumAt(kinesis.format, `${PATH}.format`, KINESIS_FORMATS);
  const iamRole = iamRoleFor(kinesis.iamRole, `${PATH}.iamRole`, authentication);
  if (authentication === 'IAM_USER') {
    const rule = ' for authentication IAM_USER';
    checkSecret(kinesis.accessKey, `${PATH}.accessKey`, ['accessKeyId', 'secretKey'], rule, options.requireSecrets);
  } else if (!absent(kinesis.accessKey)) {
    throw bad(`${PATH}.accessKey is only allowed for authentication IAM_USER`);
  }
  const iteratorType = enumAt(kinesis.iteratorType, `${PATH}.iteratorType`, ITERATOR_TYPES);
  return {
    authentication,
    format,
    iamRole: authentication === 'IAM_ROLE' ? iamRole : null,
    iteratorType,
    timestamp: parseTimestamp(kinesis.timestamp, iteratorType),
    region: requiredString(kinesis.region, `${PATH}.region`),
    streamName: requiredString(kinesis.streamName, `${PATH}.streamName`),
    useEnhancedFanOut: optionalBoolean(kinesis.useEnhancedFanOut, `${PATH}.useEnhancedFanOut`),
  };
}
