import { canonicalText } from '../history/normalize';
import { expr, hclLabel, renderHcl, uniqueLabel, type HclBlock, type HclValue } from './hcl';
import { snake } from './shape';
import type { TerraformFile } from './terraform-pipe';

/**
 * Dashboards and alerts as `clickstack_dashboard` and `clickstack_alert` resources of the
 * community ClickStack provider (teamlapse/clickstack; facts in the README). That provider manages
 * managed ClickStack through the cloud API; an open-source dashboard is written in the same shape,
 * and its header says so.
 */

type Json = Record<string, unknown>;

const OSS_NOTE =
  'The provider manages ClickStack on ClickHouse Cloud; this object of the open-source deployment is written in the same shape for reference.';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function header(what: string, object: Json, surface: 'managed' | 'oss', leftOut: string[]): string[] {
  return [
    `${what} "${String(object.name ?? '')}" (${String(object.id ?? '')}), exported by Sluice for the ClickStack Terraform provider.`,
    'The import block adopts the existing object instead of creating a new one.',
    ...(surface === 'oss' ? [OSS_NOTE] : []),
    ...(leftOut.length ? [`Not expressible in the provider's schema, left out: ${leftOut.join(', ')}`] : []),
  ];
}

const DASHBOARD_FIELDS = new Set(['id', 'name', 'tags', 'tiles', 'filters', 'savedQuery', 'savedQueryLanguage']);
const TILE_FIELDS = new Set(['id', 'name', 'x', 'y', 'w', 'h', 'series', 'config']);

export function dashboardAsTerraform(dashboard: Json, surface: 'managed' | 'oss', unique = false): TerraformFile {
  const label = uniqueLabel(hclLabel(String(dashboard.name ?? ''), 'dashboard'), dashboard.id, unique);
  const leftOut = Object.keys(dashboard)
    .filter((key) => !DASHBOARD_FIELDS.has(key) && dashboard[key] !== null && dashboard[key] !== undefined)
    .sort()
    .map(snake);
  const tiles = (Array.isArray(dashboard.tiles) ? dashboard.tiles : []) as Json[];
  const tileBlocks: HclBlock[] = tiles.map((tile, index) => {
    for (const key of Object.keys(tile))
      if (!TILE_FIELDS.has(key) && tile[key] !== undefined) leftOut.push(`tiles[${index}].${snake(key)}`);
    return {
      type: 'tile',
      labels: [],
      body: [
        ['name', String(tile.name ?? '')],
        ['x', num(tile.x) ?? 0],
        ['y', num(tile.y) ?? 0],
        ['w', num(tile.w) ?? 1],
        ['h', num(tile.h) ?? 1],
        ['config_json', tile.config ? canonicalText(tile.config) : undefined],
        ['series_json', Array.isArray(tile.series) ? canonicalText(tile.series) : undefined],
      ],
    };
  });
  const filterBlocks: HclBlock[] = ((Array.isArray(dashboard.filters) ? dashboard.filters : []) as Json[]).map(
    (filter) => ({
      type: 'filter',
      labels: [],
      body: [
        ['type', String(filter.type ?? 'field')],
        ['name', String(filter.name ?? '')],
        ['expression', String(filter.expression ?? '')],
        ['source_id', String(filter.source ?? filter.sourceId ?? '')],
        ['source_metric_type', text(filter.sourceMetricType)],
      ],
    }),
  );
  const resource: HclBlock = {
    type: 'resource',
    labels: ['clickstack_dashboard', label],
    body: [
      ['name', String(dashboard.name ?? '')],
      ['tags', ((dashboard.tags as HclValue[] | undefined) ?? []) as HclValue],
      ['saved_query', text(dashboard.savedQuery)],
      ['saved_query_language', text(dashboard.savedQueryLanguage)],
      ...tileBlocks,
      ...filterBlocks,
    ],
  };
  const importBlock: HclBlock = {
    type: 'import',
    labels: [],
    body: [
      ['to', expr(`clickstack_dashboard.${label}`)],
      ['id', String(dashboard.id ?? '')],
    ],
  };
  return { text: renderHcl([importBlock, resource], header('Dashboard', dashboard, surface, leftOut)), leftOut };
}

const ALERT_ATTRIBUTES: ReadonlyArray<[string, string]> = [
  ['name', 'name'],
  ['message', 'message'],
  ['source', 'source'],
  ['threshold', 'threshold'],
  ['thresholdType', 'threshold_type'],
  ['interval', 'interval'],
  ['numConsecutiveWindows', 'num_consecutive_windows'],
  ['dashboardId', 'dashboard_id'],
  ['tileId', 'tile_id'],
  ['savedSearchId', 'saved_search_id'],
  ['groupBy', 'group_by'],
  ['scheduleOffsetMinutes', 'schedule_offset_minutes'],
  ['scheduleStartAt', 'schedule_start_at'],
];
const CHANNEL_ATTRIBUTES: ReadonlyArray<[string, string]> = [
  ['type', 'type'],
  ['webhookId', 'webhook_id'],
  ['webhookService', 'webhook_service'],
  ['slackChannelId', 'slack_channel_id'],
  ['severity', 'severity'],
  ['emailRecipients', 'email_recipients'],
];
const ALERT_KNOWN = new Set(['id', 'channel', 'channels', ...ALERT_ATTRIBUTES.map(([key]) => key)]);

const scalar = (value: unknown): HclValue | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : Array.isArray(value)
      ? (value as HclValue[])
      : undefined;

export function alertAsTerraform(alert: Json, surface: 'managed' | 'oss', unique = false): TerraformFile {
  const label = uniqueLabel(hclLabel(String(alert.name ?? ''), 'alert'), alert.id, unique);
  const leftOut = Object.keys(alert)
    .filter((key) => !ALERT_KNOWN.has(key) && alert[key] !== null && alert[key] !== undefined)
    .sort()
    .map(snake);
  const channels = (Array.isArray(alert.channels) ? alert.channels : []) as Json[];
  if (channels.length > 1) leftOut.push('channels[1..] (the provider takes one channel)');
  const channel = (alert.channel ?? channels[0]) as Json | undefined;
  const body: HclBlock['body'] = ALERT_ATTRIBUTES.map(([key, name]) => [
    name,
    alert[key] === null ? undefined : scalar(alert[key]),
  ]);
  if (channel)
    body.push({
      type: 'channel',
      labels: [],
      body: CHANNEL_ATTRIBUTES.map(([key, name]) => [name, scalar(channel[key])]),
    });
  const resource: HclBlock = { type: 'resource', labels: ['clickstack_alert', label], body };
  const importBlock: HclBlock = {
    type: 'import',
    labels: [],
    body: [
      ['to', expr(`clickstack_alert.${label}`)],
      ['id', String(alert.id ?? '')],
    ],
  };
  return { text: renderHcl([importBlock, resource], header('Alert', alert, surface, leftOut)), leftOut };
}
