import { describe, expect, it } from 'vitest';
import { neutralWordsIn } from './neutral-words';

describe('neutral words in a request on the wire', () => {
  it('finds none in a request in the real names', () => {
    const body = {
      source: { kinesis: { format: 'AvroConfluent' }, kafka: { type: 'redpanda' } },
      settings: { clickhouse_max_threads: 1 },
    };
    expect(neutralWordsIn('/v1/organizations/o/services/s/clickpipes/p?x=1', body)).toEqual([]);
    expect(neutralWordsIn('/v1/organizations/o/services/s/clickstack/dashboards', undefined)).toEqual([]);
    expect(neutralWordsIn('/api/v2/dashboards', { name: 'observability', tiles: [] })).toEqual([]);
  });

  it('finds each kind of neutral word: segment, key, setting prefix and value, at any depth', () => {
    const body = {
      source: { streamService: {}, objectStorage: { type: 'objstore_1', blobContainerName: 'c' } },
      settings: { engine_max_threads: 1 },
      x: ['vendor_2'],
    };
    expect(neutralWordsIn('/v1/organizations/o/services/s/datapipes', body)).toEqual([
      'key blobContainerName',
      'key engine_max_threads',
      'key streamService',
      'path segment datapipes',
      'value objstore_1',
      'value vendor_2',
    ]);
    expect(neutralWordsIn('/v1/organizations/o/services/s/observability/alerts', undefined)).toEqual([
      'path segment observability',
    ]);
    expect(neutralWordsIn('/v1/organizations/o/services/s/datapipesCdcScaling?format=AvroRegistry', undefined)).toEqual(
      ['path segment datapipesCdcScaling', 'value AvroRegistry'],
    );
  });
});
