import { describe, expect, it } from 'vitest';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { pipeDestinationSummary } from './pipe-format';
import { definitionsOf, fieldLabel, formatFieldValue } from './pipe-definition';

describe('pipe definitions', () => {
  it('labels camelCase fields', () => {
    expect(fieldLabel('consumerGroup')).toBe('Consumer group');
    expect(fieldLabel('replicaCpuMillicores')).toBe('Replica cpu millicores');
  });

  it('never lists a secret field', () => {
    const items = definitionsOf({ brokers: 'b:9092', credentials: { username: 'u', password: 'p' }, connectionString: 'x' });
    expect(items).toEqual([{ label: 'Brokers', value: 'b:9092' }]);
    expect(formatFieldValue({ url: 'https://x', secretKey: 's', accessKey: 'a' })).toBe('Url: https://x');
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
