import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { managedAlertBodySchema, ossAlertBodySchema } from './alert';

const OID = '65f0c0ffee0123456789abcd';
const UUID = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';
const body = (overrides: Record<string, unknown> = {}) => ({
  name: ' Error spike ',
  message: 'Errors above threshold',
  source: 'tile',
  dashboardId: OID,
  tileId: OID,
  threshold: 100,
  thresholdType: 'above',
  interval: '5m',
  channel: { type: 'webhook', webhookId: OID },
  ...overrides,
});

function issues(schema: typeof ossAlertBodySchema, input: unknown) {
  const parsed = safeParse(schema, input);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('alert body schemas', () => {
  it('accepts a tile alert, trims the name and drops an empty message', () => {
    const parsed = safeParse(ossAlertBodySchema, body({ message: '  ' }));
    expect(parsed.success && parsed.data).toMatchObject({ name: 'Error spike', threshold: 100 });
    expect(parsed.success && 'message' in parsed.data && parsed.data.message).toBeFalsy();
  });

  it('passes unknown upstream fields through', () => {
    const parsed = safeParse(ossAlertBodySchema, body({ groupBy: 'ServiceName' }));
    expect(parsed.success && parsed.data).toMatchObject({ groupBy: 'ServiceName' });
  });

  it.each([
    ['no name', body({ name: '' }), 'name', 'Name is required'],
    ['a negative threshold', body({ threshold: -1 }), 'threshold', 'Threshold must be at least 0'],
    ['a threshold as text', body({ threshold: '5' }), 'threshold', 'Threshold must be a number'],
    ['no threshold', body({ threshold: undefined }), 'threshold', 'Threshold must be a number'],
    [
      'an unknown threshold type',
      body({ thresholdType: 'equal' }),
      'thresholdType',
      'Threshold type must be above or below',
    ],
    [
      'an interval upstream lacks',
      body({ interval: '2m' }),
      'interval',
      'Interval must be one of 1m, 5m, 15m, 30m, 1h, 6h, 12h, 1d',
    ],
    [
      'a webhook id that is not 24-hex',
      body({ channel: { type: 'webhook', webhookId: 'ops-slack' } }),
      'channel.webhookId',
      'Webhook must be 24 hexadecimal characters',
    ],
    ['no webhook', body({ channel: { type: 'webhook', webhookId: '' } }), 'channel.webhookId', 'Webhook is required'],
    ['a UUID dashboard', body({ dashboardId: UUID }), 'dashboardId', 'Dashboard must be 24 hexadecimal characters'],
  ])('refuses %s on the open-source surface, naming the field', (_name, input, path, message) => {
    expect(issues(ossAlertBodySchema, input)).toContainEqual({ path, message });
  });

  it('takes UUIDs or object ids on the managed surface, and nothing else', () => {
    expect(
      issues(
        managedAlertBodySchema,
        body({ dashboardId: UUID, tileId: UUID, channel: { type: 'webhook', webhookId: UUID } }),
      ),
    ).toEqual([]);
    expect(issues(managedAlertBodySchema, body())).toEqual([]);
    expect(issues(managedAlertBodySchema, body({ channel: { type: 'webhook', webhookId: 'xyz' } }))).toEqual([
      { path: 'channel.webhookId', message: 'Webhook must be 24 hexadecimal characters or a UUID' },
    ]);
  });
});
