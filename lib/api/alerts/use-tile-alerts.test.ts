import { describe, expect, it } from 'vitest';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { groupAlertsByTile } from './use-tile-alerts';

const alert = (id: string, dashboardId: string | undefined, tileId: string | undefined): AlertRecord => ({
  id,
  dashboardId,
  tileId,
  threshold: 1,
  thresholdType: 'above',
  interval: '5m',
  channel: { type: 'webhook', webhookId: 'w' },
});

describe('groupAlertsByTile', () => {
  it('groups one dashboard’s alerts by tile and ignores others', () => {
    const grouped = groupAlertsByTile(
      [
        alert('a', 'd1', 't1'),
        alert('b', 'd1', 't1'),
        alert('c', 'd1', 't2'),
        alert('d', 'd2', 't1'),
        alert('e', undefined, undefined),
      ],
      'd1',
    );
    expect([...grouped.keys()]).toEqual(['t1', 't2']);
    expect(grouped.get('t1')?.map((a) => a.id)).toEqual(['a', 'b']);
    expect(grouped.get('t3')).toBeUndefined();
  });
});
