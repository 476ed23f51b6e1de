import {
  absent,
  bad,
  checkSecret,
  enumAt,
  iamRoleFor,
  isRec,
  objectAt,
  optionalBoolean,
  optionalEnum,
  optionalString,
  requiredString,
  type SourceOptions,
} from './validate-common';
import type { Rec } from './types';

const PATH = 'source.objectStorage';
export const OBJECT_STORAGE_TYPES = ['s3', 'gcs', 'dospaces', 'azureblobstorage'] as const;
/** The one kind addressed by `connectionString`, `azureContainerName` and `path` instead of `url`. */
export const AZURE_BLOB_TYPE = 'azureblobstorage';
/** The one kind that may authenticate with a service account key. */
export const GCS_TYPE = 'gcs';
export const OBJECT_STORAGE_FORMATS = [
  'JSONEachRow',
  'JSONAsObject',
  'CSV',
  'CSVWithNames',
  'Parquet',
  'Avro',
] as const;
export const COMPRESSIONS = ['gzip', 'gz', 'brotli', 'br', 'xz', 'LZMA', 'zstd', 'auto'] as const;
export const OBJECT_STORAGE_AUTHENTICATIONS = ['IAM_ROLE', 'IAM_USER', 'CONNECTION_STRING', 'SERVICE_ACCOUNT'] as const;
type ObjectStorageAuthentication = (typeof OBJECT_STORAGE_AUTHENTICATIONS)[number];

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function checkAuthentication(type: string, authentication: ObjectStorageAuthentication | null): void {
  if (authentication === null) return;
  const fits =
    type === AZURE_BLOB_TYPE
      ? authentication === 'CONNECTION_STRING'
      : authentication !== 'CONNECTION_STRING' && (authentication !== 'SERVICE_ACCOUNT' || type === GCS_TYPE);
  if (!fits) throw bad(`${PATH}.authentication ${authentication} is not allowed for type ${type}`);
}

/** The published form is the content of a service account's JSON key file, base64-encoded; the key itself is never stored. */
function checkServiceAccountKey(
  value: unknown,
  authentication: ObjectStorageAuthentication | null,
  required: boolean,
): void {
  const path = `${PATH}.serviceAccountKey`;
  const given = !absent(value) && value !== '';
  if (authentication !== 'SERVICE_ACCOUNT') {
    if (given) throw bad(`${path} is only allowed for authentication SERVICE_ACCOUNT`);
    return;
  }
  if (!given) {
    if (required) throw bad(`${path} is required for authentication SERVICE_ACCOUNT`);
    return;
  }
  if (typeof value !== 'string' || !isBase64JsonObject(value))
    throw bad(`${path} must be a base64-encoded service account JSON key`);
}

function isBase64JsonObject(text: string): boolean {
  if (!BASE64.test(text)) return false;
  try {
    return isRec(JSON.parse(Buffer.from(text, 'base64').toString('utf8')));
  } catch {
    return false;
  }
}

function location(store: Rec, type: string, options: SourceOptions): Rec {
  if (type === AZURE_BLOB_TYPE) {
    if (!absent(store.url) && store.url !== '') {
      throw bad(`${PATH}.url must not be set for type ${AZURE_BLOB_TYPE}; use azureContainerName and path`);
    }
    if (options.requireSecrets && (absent(store.connectionString) || store.connectionString === '')) {
      throw bad(`${PATH}.connectionString is required for type ${AZURE_BLOB_TYPE}`);
    }
    optionalString(store.connectionString, `${PATH}.connectionString`);
    if (absent(store.azureContainerName) || store.azureContainerName === '') {
      throw bad(`${PATH}.azureContainerName is required for type ${AZURE_BLOB_TYPE}`);
    }
    if (absent(store.path) || store.path === '') throw bad(`${PATH}.path is required for type ${AZURE_BLOB_TYPE}`);
    return {
      url: null,
      azureContainerName: requiredString(store.azureContainerName, `${PATH}.azureContainerName`),
      path: requiredString(store.path, `${PATH}.path`),
    };
  }
  if (absent(store.url) || store.url === '') throw bad(`${PATH}.url is required for type ${type}`);
  for (const field of ['connectionString', 'azureContainerName', 'path'] as const) {
    if (!absent(store[field]) && store[field] !== '')
      throw bad(`${PATH}.${field} is only allowed for type ${AZURE_BLOB_TYPE}`);
  }
  return { url: requiredString(store.url, `${PATH}.url`), azureContainerName: null, path: null };
}

/** Validates an object-store source and returns it without its secrets (`accessKey`, `connectionString`, `serviceAccountKey`). */
export function parseObjectStorageSource(value: unknown, options: SourceOptions): Rec {
  const store = objectAt(value, PATH);
  const type = enumAt(store.type, `${PATH}.type`, OBJECT_STORAGE_TYPES);
  const format = enumAt(store.format, `${PATH}.format`, OBJECT_STORAGE_FORMATS);
  const compression = optionalEnum(store.compression, `${PATH}.compression`, COMPRESSIONS);
  const delimiter = optionalString(store.delimiter, `${PATH}.delimiter`);
  const given = optionalEnum(store.authentication, `${PATH}.authentication`, OBJECT_STORAGE_AUTHENTICATIONS);
  checkAuthentication(type, given);
  const authentication = type === AZURE_BLOB_TYPE ? 'CONNECTION_STRING' : given;
  const iamRole = iamRoleFor(store.iamRole, `${PATH}.iamRole`, authentication);
  if (authentication === 'IAM_USER') {
    checkSecret(
      store.accessKey,
      `${PATH}.accessKey`,
      ['accessKeyId', 'secretKey'],
      ' for authentication IAM_USER',
      options.requireSecrets,
    );
  } else if (!absent(store.accessKey)) {
    throw bad(`${PATH}.accessKey is only allowed for authentication IAM_USER`);
  }
  checkServiceAccountKey(store.serviceAccountKey, authentication, options.requireSecrets);
  const where = location(store, type, options);
  const isContinuous = optionalBoolean(store.isContinuous, `${PATH}.isContinuous`) ?? false;
  const queueUrl = optionalString(store.queueUrl, `${PATH}.queueUrl`);
  if (queueUrl !== null && (!isContinuous || authentication === null)) {
    throw bad(`${PATH}.queueUrl requires isContinuous true and a non-public authentication`);
  }
  return {
    type,
    ...where,
    format,
    compression,
    delimiter,
    authentication,
    iamRole: authentication === 'IAM_ROLE' ? iamRole : null,
    isContinuous,
    queueUrl,
  };
}
