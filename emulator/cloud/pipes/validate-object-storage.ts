import {
  absent, bad, checkSecret, enumAt, iamRoleFor, objectAt, optionalBoolean, optionalEnum, optionalString, requiredString,
  type SourceOptions,
} from './validate-common';
import type { Rec } from './types';

const PATH = 'source.objectStorage';
export const OBJECT_STORAGE_TYPES = ['objstore_1', 'objstore_2', 'objstore_3', 'objstore_4'] as const;
/** The blob-container kind: `connectionString`, `blobContainerName` and `path` instead of `url`. */
export const BLOB_TYPE = 'objstore_4';
export const OBJECT_STORAGE_FORMATS = ['JSONEachRow', 'JSONAsObject', 'CSV', 'CSVWithNames', 'Parquet', 'Avro'] as const;
export const COMPRESSIONS = ['gzip', 'gz', 'brotli', 'br', 'xz', 'LZMA', 'zstd', 'auto'] as const;
export const OBJECT_STORAGE_AUTHENTICATIONS = ['IAM_ROLE', 'IAM_USER', 'CONNECTION_STRING'] as const;

function checkAuthentication(type: string, authentication: string | null): void {
  const blob = type === BLOB_TYPE;
  if (authentication !== null && blob !== (authentication === 'CONNECTION_STRING')) {
    throw bad(`${PATH}.authentication ${authentication} is not allowed for type ${type}`);
  }
}

function location(store: Rec, type: string, options: SourceOptions): Rec {
  if (type === BLOB_TYPE) {
    if (!absent(store.url) && store.url !== '') throw bad(`${PATH}.url must not be set for type ${BLOB_TYPE}; use blobContainerName and path`);
    if (options.requireSecrets && (absent(store.connectionString) || store.connectionString === '')) {
      throw bad(`${PATH}.connectionString is required for type ${BLOB_TYPE}`);
    }
    optionalString(store.connectionString, `${PATH}.connectionString`);
    if (absent(store.blobContainerName) || store.blobContainerName === '') throw bad(`${PATH}.blobContainerName is required for type ${BLOB_TYPE}`);
    if (absent(store.path) || store.path === '') throw bad(`${PATH}.path is required for type ${BLOB_TYPE}`);
    return {
      url: null,
      blobContainerName: requiredString(store.blobContainerName, `${PATH}.blobContainerName`),
      path: requiredString(store.path, `${PATH}.path`),
    };
  }
  if (absent(store.url) || store.url === '') throw bad(`${PATH}.url is required for type ${type}`);
  for (const field of ['connectionString', 'blobContainerName', 'path'] as const) {
    if (!absent(store[field]) && store[field] !== '') throw bad(`${PATH}.${field} is only allowed for type ${BLOB_TYPE}`);
  }
  return { url: requiredString(store.url, `${PATH}.url`), blobContainerName: null, path: null };
}

/** Validates an object-store source and returns it without `accessKey` and `connectionString`. */
export function parseObjectStorageSource(value: unknown, options: SourceOptions): Rec {
  const store = objectAt(value, PATH);
  const type = enumAt(store.type, `${PATH}.type`, OBJECT_STORAGE_TYPES);
  const format = enumAt(store.format, `${PATH}.format`, OBJECT_STORAGE_FORMATS);
  const compression = optionalEnum(store.compression, `${PATH}.compression`, COMPRESSIONS);
  const delimiter = optionalString(store.delimiter, `${PATH}.delimiter`);
  const given = optionalEnum(store.authentication, `${PATH}.authentication`, OBJECT_STORAGE_AUTHENTICATIONS);
  checkAuthentication(type, given);
  const authentication = type === BLOB_TYPE ? 'CONNECTION_STRING' : given;
  const iamRole = iamRoleFor(store.iamRole, `${PATH}.iamRole`, authentication);
  if (authentication === 'IAM_USER') {
    checkSecret(store.accessKey, `${PATH}.accessKey`, ['accessKeyId', 'secretKey'], ' for authentication IAM_USER', options.requireSecrets);
  } else if (!absent(store.accessKey)) {
    throw bad(`${PATH}.accessKey is only allowed for authentication IAM_USER`);
  }
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
