import { describe, expect, it } from 'vitest';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { pipeDestinationSummary } from './pipe-format';
import { definitionsOf, fieldLabel, formatFieldValue } from './pipe-definition';

describe('pipe definitions', () => {
  it('labels known fields from the table, with their units', () => {
    expect(fieldLabel('consumerGroup')).toBe('Consumer group');
    expect(fieldLabel('replicaCpuMillicores')).toBe('CPU per replica (millicores)');
    expect(fieldLabel('replicaMemoryGb')).toBe('Memory per replica (GB)');
    expect(fieldLabel('streaming_max_insert_wait_ms')).toBe('Max insert wait (ms)');
    expect(fieldLabel('engine_min_insert_block_size_bytes')).toBe('Min insert block size (bytes)');
    expect(fieldLabel('caCertificate')).toBe('CA certificate');
    expect(fieldLabel('reversePrivateEndpointIds')).toBe('Reverse private endpoint IDs');
    expect(fieldLabel('queueUrl')).toBe('Queue URL');
  });

  it('labels unknown fields sanely, in camelCase or snake_case, keeping abbreviations', () => {
    expect(fieldLabel('someNewField')).toBe('Some new field');
    expect(fieldLabel('engine_new_cpu_limit')).toBe('Engine new CPU limit');
    expect(fieldLabel('webhookUrl')).toBe('Webhook URL');
    expect(fieldLabel('ownerId')).toBe('Owner ID');
    expect(fieldLabel('retry_after_ms')).toBe('Retry after (ms)');
    expect(fieldLabel('parseHTMLBody')).toBe('Parse html body');
  });

  it('never lists a secret field', () => {
    const items = definitionsOf({ brokers: 'b:9092', credentials: { username: 'u', password: 'p' }, connectionString: 'x' });
    expect(items).toEqual([{ label: 'Brokers', value: 'b:9092' }]);
    expect(formatFieldValue({ url: 'https://x', secretKey: 's', accessKey: 'a' })).toBe('URL: https://x');
  });

  it('formats values readably', () => {
    expect(formatFieldValue(true)).toBe('Yes');
    expect(formatFieldValue(null)).toBe('—');
    expect(formatFieldValue(['a', 'b'])).toBe('a, b');
  });

  it('summarises the destination as a table or, for Postgres, a table count', () => {
    const base = { destination: { database: 'default', table: 'orders' }, source: { kafka: {} } } as unknown as PipeRecord;
    expect(pipeDestinationSummary(base)).toBe('orders');
    const postgres = {
      destination: { database: 'default' },
      source: { postgres: { tableMappings: [{}, {}] } },
    } as unknown as PipeRecord;
    expect(pipeDestinationSummary(postgres)).toBe('2 tables');
  });
});
