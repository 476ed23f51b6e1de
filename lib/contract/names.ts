/**
 * The console and its emulator speak the neutral names of `service-api.md`; the vendors' published
 * OpenAPI documents use the real ones. Contract checks translate a neutral path or body into the
 * real names before validating it, so one document serves the emulator and the real service alike.
 */

/** Path segments, as whole segments only (`observability` only where it follows a service id). */
const PATH_SEGMENTS: Readonly<Record<string, string>> = {
  datapipes: 'clickpipes',
  datapipesCdcScaling: 'clickpipesCdcScaling',
};

const KEYS: Readonly<Record<string, string>> = {
  streamService: 'kinesis',
  blobContainerName: 'azureContainerName',
};

const NEUTRAL_SETTING_PREFIX = 'engine_';
const REAL_SETTING_PREFIX = 'clickhouse_';

/** Enum values of a source's `type` and `format`. */
const VALUES: Readonly<Record<string, string>> = {
  AvroRegistry: 'AvroConfluent',
  vendor_2: 'redpanda',
  vendor_3: 'msk',
  vendor_4: 'confluent',
  vendor_5: 'warpstream',
  vendor_6: 'azureeventhub',
  vendor_7: 'dokafka',
  objstore_1: 's3',
  objstore_2: 'gcs',
  objstore_3: 'dospaces',
  objstore_4: 'azureblobstorage',
};

const VALUE_KEYS = new Set(['type', 'format']);

export function realPath(neutralPath: string): string {
  const segments = neutralPath.split('/');
  return segments
    .map((segment, index) => {
      if (segment === 'observability' && segments[index - 2] === 'services') return 'clickstack';
      return PATH_SEGMENTS[segment] ?? segment;
    })
    .join('/');
}

function realKey(key: string): string {
  if (key.startsWith(NEUTRAL_SETTING_PREFIX)) return REAL_SETTING_PREFIX + key.slice(NEUTRAL_SETTING_PREFIX.length);
  return KEYS[key] ?? key;
}

/** A copy of `value` with every neutral key and enum value replaced by the real one. */
export function realBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(realBody);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[realKey(key)] = VALUE_KEYS.has(key) && typeof item === 'string' ? (VALUES[item] ?? item) : realBody(item);
  }
  return copy;
}
