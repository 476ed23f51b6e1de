import { describe, expect, it } from 'vitest';
import { COMPRESSIONS, OBJECT_STORAGE_FORMATS, OBJECT_STORAGE_TYPES, OBJECT_STORAGE_TYPE_LABELS } from './bounds';
import { bodies, expectIssue, expectValid } from './test-fixtures';

const accessKey = { accessKeyId: 'AKIA', secretKey: 's' };

describe('object storage source', () => {
  it('labels the kinds neutrally', () => {
    expect(OBJECT_STORAGE_TYPES.map((t) => OBJECT_STORAGE_TYPE_LABELS[t])).toEqual([
      'Amazon S3',
      'Google Cloud Storage',
      'DigitalOcean Spaces',
      'Azure Blob Storage',
    ]);
  });

  it('accepts every URL kind, format and compression, public or authenticated', () => {
    for (const type of ['objstore_1', 'objstore_2', 'objstore_3']) {
      expectValid(bodies.objectStorage({ type }));
      expectValid(bodies.objectStorage({ type, authentication: 'IAM_ROLE', iamRole: 'arn:role/r' }));
      expectValid(bodies.objectStorage({ type, authentication: 'IAM_USER', accessKey }));
    }
    for (const format of OBJECT_STORAGE_FORMATS) expectValid(bodies.objectStorage({ format }));
    for (const compression of COMPRESSIONS) expectValid(bodies.objectStorage({ compression }));
    expectValid(bodies.objectStorage({ authentication: null, compression: null, isContinuous: false }));
  });

  it('accepts a blob container with or without a connection-string authentication', () => {
    expectValid(bodies.blob());
    expectValid(bodies.blob({ authentication: undefined }));
    expectValid(bodies.blob({ url: '' }));
  });

  it('allows a delimiter only for CSV formats and a queue only for continuous, authenticated ingestion', () => {
    expectValid(bodies.objectStorage({ format: 'CSV', delimiter: ';' }));
    expectValid(bodies.objectStorage({ format: 'CSVWithNames', delimiter: '\t' }));
    expectValid(bodies.objectStorage({ format: 'JSONEachRow', delimiter: '' }));
    expectValid(
      bodies.objectStorage({
        isContinuous: true,
        authentication: 'IAM_ROLE',
        iamRole: 'r',
        queueUrl: 'https://queue.example/q',
      }),
    );
    expectValid(bodies.blob({ isContinuous: true, queueUrl: 'https://queue.example/q' }));
    expectValid(bodies.blob({ isContinuous: true, authentication: null, queueUrl: 'https://queue.example/q' }));
  });

  it.each([
    [
      bodies.objectStorage({ type: 'objstore_9' }),
      'source.objectStorage.type',
      'Type must be objstore_1, objstore_2, objstore_3 or objstore_4',
    ],
    [bodies.objectStorage({ url: '' }), 'source.objectStorage.url', 'URL is required'],
    [bodies.objectStorage({ url: undefined }), 'source.objectStorage.url', 'URL is required'],
    [
      bodies.objectStorage({ format: 'XML' }),
      'source.objectStorage.format',
      'Format must be JSONEachRow, JSONAsObject, CSV, CSVWithNames, Parquet or Avro',
    ],
    [
      bodies.objectStorage({ compression: 'zip' }),
      'source.objectStorage.compression',
      'Compression must be gzip, gz, brotli, br, xz, LZMA, zstd or auto',
    ],
    [
      bodies.objectStorage({ authentication: 'CONNECTION_STRING' }),
      'source.objectStorage.authentication',
      'Amazon S3, Google Cloud Storage and DigitalOcean Spaces authenticate with IAM_ROLE, IAM_USER or none (public)',
    ],
    [
      bodies.objectStorage({ authentication: 'IAM_ROLE' }),
      'source.objectStorage.iamRole',
      'IAM role is required for IAM_ROLE authentication',
    ],
    [
      bodies.objectStorage({ authentication: 'IAM_USER' }),
      'source.objectStorage.accessKey',
      'Access key is required for IAM_USER authentication',
    ],
    [
      bodies.objectStorage({ authentication: 'IAM_USER', accessKey: { accessKeyId: 'a' } }),
      'source.objectStorage.accessKey.secretKey',
      'Secret key is required',
    ],
    [
      bodies.objectStorage({ format: 'Parquet', delimiter: ',' }),
      'source.objectStorage.delimiter',
      'A delimiter applies only to the CSV and CSVWithNames formats',
    ],
    [
      bodies.objectStorage({ queueUrl: 'https://q', authentication: 'IAM_ROLE', iamRole: 'r' }),
      'source.objectStorage.queueUrl',
      'A queue URL needs continuous ingestion (isContinuous)',
    ],
    [
      bodies.objectStorage({ queueUrl: 'https://q', isContinuous: false, authentication: 'IAM_ROLE', iamRole: 'r' }),
      'source.objectStorage.queueUrl',
      'A queue URL needs continuous ingestion (isContinuous)',
    ],
    [
      bodies.objectStorage({ queueUrl: 'https://q', isContinuous: true }),
      'source.objectStorage.queueUrl',
      'A queue URL needs authentication; a public bucket cannot use one',
    ],
    [
      bodies.objectStorage({ isContinuous: 'yes' }),
      'source.objectStorage.isContinuous',
      'Continuous ingestion must be true or false',
    ],
    [
      bodies.blob({ url: 'https://x' }),
      'source.objectStorage.url',
      'Azure Blob Storage uses the connection string, container name and path instead of a URL',
    ],
    [
      bodies.blob({ authentication: 'IAM_ROLE' }),
      'source.objectStorage.authentication',
      'Azure Blob Storage authenticates with CONNECTION_STRING or none (public)',
    ],
    [bodies.blob({ connectionString: '' }), 'source.objectStorage.connectionString', 'Connection string is required'],
    [
      bodies.blob({ blobContainerName: undefined }),
      'source.objectStorage.blobContainerName',
      'Container name is required',
    ],
    [bodies.blob({ path: ' ' }), 'source.objectStorage.path', 'Path is required'],
  ])('refuses %#', (body, path, message) => {
    expectIssue(body, path, message);
  });
});
