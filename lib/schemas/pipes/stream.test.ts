import { describe, it } from 'vitest';
import { ITERATOR_TYPES, STREAMING_FORMATS } from './bounds';
import { bodies, expectIssue, expectValid } from './test-fixtures';

const accessKey = { accessKeyId: 'AKIA', secretKey: 's' };

describe('stream service source', () => {
  it('accepts both methods, every format and iterator type, and timestamps at both bounds', () => {
    expectValid(bodies.streamService());
    expectValid(bodies.streamService({ authentication: 'IAM_USER', iamRole: undefined, accessKey }));
    for (const format of STREAMING_FORMATS) expectValid(bodies.streamService({ format }));
    for (const iteratorType of ITERATOR_TYPES)
      expectValid(bodies.streamService({ iteratorType, timestamp: 1_700_000_000 }));
    expectValid(bodies.streamService({ iteratorType: 'AT_TIMESTAMP', timestamp: 0 }));
    expectValid(bodies.streamService({ iteratorType: 'AT_TIMESTAMP', timestamp: 253402300799 }));
    expectValid(bodies.streamService({ useEnhancedFanOut: true, timestamp: null }));
  });

  it.each([
    [{ authentication: 'PLAIN' }, 'source.streamService.authentication', 'Authentication must be IAM_ROLE or IAM_USER'],
    [{ iamRole: '' }, 'source.streamService.iamRole', 'IAM role is required'],
    [{ authentication: 'IAM_USER' }, 'source.streamService.accessKey', 'Access key ID and secret key are required'],
    [
      { authentication: 'IAM_USER', accessKey: { accessKeyId: 'A' } },
      'source.streamService.accessKey.secretKey',
      'Secret key is required',
    ],
    [{ format: 'Parquet' }, 'source.streamService.format', 'Format must be JSONEachRow, Avro or AvroRegistry'],
    [
      { iteratorType: 'OLDEST' },
      'source.streamService.iteratorType',
      'Iterator type must be TRIM_HORIZON, LATEST or AT_TIMESTAMP',
    ],
    [
      { iteratorType: 'AT_TIMESTAMP' },
      'source.streamService.timestamp',
      'Timestamp is required when reading from a timestamp (AT_TIMESTAMP)',
    ],
    [
      { iteratorType: 'AT_TIMESTAMP', timestamp: null },
      'source.streamService.timestamp',
      'Timestamp is required when reading from a timestamp (AT_TIMESTAMP)',
    ],
    [{ timestamp: -1 }, 'source.streamService.timestamp', 'Timestamp must be at least 0 seconds'],
    [
      { timestamp: 1_700_000_000_000 },
      'source.streamService.timestamp',
      'Timestamp must be at most 253402300799 seconds',
    ],
    [{ timestamp: 1.5 }, 'source.streamService.timestamp', 'Timestamp must be a whole number'],
    [{ timestamp: '2024-01-01' }, 'source.streamService.timestamp', 'Timestamp must be a number'],
    [{ region: '' }, 'source.streamService.region', 'Region is required'],
    [{ streamName: undefined }, 'source.streamService.streamName', 'Stream name is required'],
    [{ useEnhancedFanOut: 'yes' }, 'source.streamService.useEnhancedFanOut', 'Enhanced fan-out must be true or false'],
  ])('refuses %j', (over, path, message) => {
    expectIssue(bodies.streamService(over), path, message);
  });
});
