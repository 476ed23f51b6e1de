import { describe, expect, it } from 'vitest';
import { NAME_PAIRS, neutralBody, neutralFieldPath, neutralPath, wireBody, wirePath } from './names';

const PIPES = '/v1/organizations/o/services/s/datapipes';

describe("the console's names and the wire's", () => {
  it('renames path segments, and the managed-observability segment only right below a service', () => {
    expect(wirePath(`${PIPES}/p/scaling`)).toBe('/v1/organizations/o/services/s/clickpipes/p/scaling');
    expect(wirePath('/v1/organizations/o/services/s/datapipesCdcScaling')).toBe(
      '/v1/organizations/o/services/s/clickpipesCdcScaling',
    );
    expect(wirePath('/v1/organizations/o/services/s/observability/dashboards/d?x=1')).toBe(
      '/v1/organizations/o/services/s/clickstack/dashboards/d?x=1',
    );
    expect(wirePath('/api/v2/observability')).toBe('/api/v2/observability');
    expect(wirePath('/api/v2/dashboards')).toBe('/api/v2/dashboards');
    expect(neutralPath('/v1/organizations/o/services/s/clickstack/alerts')).toBe(
      '/v1/organizations/o/services/s/observability/alerts',
    );
    expect(neutralPath(wirePath(`${PIPES}/p/state`))).toBe(`${PIPES}/p/state`);
  });

  it('renames keys, the settings prefix, and type and format values inside a source, on pipe bodies', () => {
    const neutral = {
      name: 'vendor_2',
      source: {
        streamService: { format: 'AvroRegistry' },
        kafka: { type: 'vendor_7' },
        objectStorage: { type: 'objstore_4', blobContainerName: 'c' },
      },
      destination: { columns: [{ name: 'type', type: 'String' }] },
      settings: { engine_max_threads: 4, streaming_max_insert_wait_ms: 1 },
    };
    const real = {
      name: 'vendor_2',
      source: {
        kinesis: { format: 'AvroConfluent' },
        kafka: { type: 'dokafka' },
        objectStorage: { type: 'azureblobstorage', azureContainerName: 'c' },
      },
      destination: { columns: [{ name: 'type', type: 'String' }] },
      settings: { clickhouse_max_threads: 4, streaming_max_insert_wait_ms: 1 },
    };
    expect(wireBody(PIPES, neutral)).toEqual(real);
    expect(neutralBody(PIPES, { result: [real] })).toEqual({ result: [neutral] });
  });

  it("leaves every body that is not a pipe's as it is, the very same object", () => {
    const key = { name: 'vendor_2', roles: ['admin'], type: 's3' };
    expect(wireBody('/v1/organizations/o/keys', key)).toBe(key);
    expect(
      neutralBody('/v1/organizations/o/services/s/observability/dashboards', { result: [{ type: 's3' }] }),
    ).toEqual({ result: [{ type: 's3' }] });
  });

  it('hands back the same object when an answer has nothing to rename, so its bytes can be reused', () => {
    const answer = { result: [{ id: 'p', source: { kafka: { type: 'kafka', format: 'JSONEachRow' } } }] };
    expect(neutralBody(PIPES, answer)).toBe(answer);
  });

  it('keeps a name the map does not know as it came, both ways', () => {
    const real = {
      source: { kafka: { type: 'gcmk', format: 'Protobuf' }, objectStorage: { type: 'cloudflarer2' } },
      settings: { clickhouse_new_knob: 1 },
    };
    const neutral = neutralBody(PIPES, real);
    expect(neutral).toEqual({
      source: { kafka: { type: 'gcmk', format: 'Protobuf' }, objectStorage: { type: 'cloudflarer2' } },
      settings: { engine_new_knob: 1 },
    });
    expect(wireBody(PIPES, neutral)).toEqual(real);
  });

  it("puts a field the real service named back on the console's form path", () => {
    expect(neutralFieldPath('source.kinesis.streamName')).toBe('source.streamService.streamName');
    expect(neutralFieldPath('source.objectStorage.azureContainerName')).toBe('source.objectStorage.blobContainerName');
    expect(neutralFieldPath('clickhouse_max_threads')).toBe('engine_max_threads');
    expect(neutralFieldPath('destination.columns.0.type')).toBe('destination.columns.0.type');
  });

  it('translates every pair of the map there and back', () => {
    for (const [neutral, real] of NAME_PAIRS.values) {
      const body = { source: { kafka: { type: neutral } } };
      expect(wireBody(PIPES, body)).toEqual({ source: { kafka: { type: real } } });
      expect(neutralBody(PIPES, wireBody(PIPES, body))).toEqual(body);
    }
    for (const [neutral, real] of NAME_PAIRS.keys) {
      expect(wireBody(PIPES, { source: { [neutral]: {} } })).toEqual({ source: { [real]: {} } });
    }
  });
});
