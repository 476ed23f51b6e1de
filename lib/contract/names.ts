/**
 * The console speaks the neutral names of `service-api.md` inside (its BFF routes, forms, schemas
 * and pages); the real cloud API and its published document speak the vendor's. This one map
 * translates between them at the upstream boundary, both ways (lib/server/upstream/http.ts), gives
 * the wire form wherever the console shows a request (the wizard's review), and lists the words a
 * guard test looks for in everything the emulator received.
 *
 * A name the map does not know (a broker type or setting newer than the console) passes through
 * both ways untouched, so a pipe that carries one is shown as it is and saved back as it came.
 */

/** Whole path segments. The managed-observability segment is renamed only right below a service id. */
const PATH_SEGMENTS: readonly (readonly [neutral: string, real: string])[] = [
  ['datapipes', 'clickpipes'],
  ['datapipesCdcScaling', 'clickpipesCdcScaling'],
];
const SERVICE_OBSERVABILITY: readonly [neutral: string, real: string] = ['observability', 'clickstack'];

/** Keys of a pipe's body, wherever they occur in it. */
const KEYS: readonly (readonly [neutral: string, real: string])[] = [
  ['streamService', 'kinesis'],
  ['blobContainerName', 'azureContainerName'],
];

/** A pipe's settings (`PUT …/settings`) carry the engine's settings under this prefix. */
const SETTING_PREFIX: readonly [neutral: string, real: string] = ['engine_', 'clickhouse_'];

/** Values of `type` and `format` inside a source object (`source.kafka.type`, …). */
const VALUES: readonly (readonly [neutral: string, real: string])[] = [
  ['AvroRegistry', 'AvroConfluent'],
  ['vendor_2', 'redpanda'],
  ['vendor_3', 'msk'],
  ['vendor_4', 'confluent'],
  ['vendor_5', 'warpstream'],
  ['vendor_6', 'azureeventhub'],
  ['vendor_7', 'dokafka'],
  ['objstore_1', 's3'],
  ['objstore_2', 'gcs'],
  ['objstore_3', 'dospaces'],
  ['objstore_4', 'azureblobstorage'],
];
const VALUE_KEYS = new Set(['type', 'format']);
/** The source objects whose `type`/`format` the value map covers, in either dialect. */
const SOURCE_OBJECTS = new Set(['kafka', 'streamService', 'kinesis', 'objectStorage']);

type Direction = 'toReal' | 'toNeutral';

function lookup(pairs: readonly (readonly [string, string])[], direction: Direction): ReadonlyMap<string, string> {
  return new Map(pairs.map(([neutral, real]) => (direction === 'toReal' ? [neutral, real] : [real, neutral])));
}

const maps = {
  toReal: { keys: lookup(KEYS, 'toReal'), values: lookup(VALUES, 'toReal'), prefix: SETTING_PREFIX },
  toNeutral: {
    keys: lookup(KEYS, 'toNeutral'),
    values: lookup(VALUES, 'toNeutral'),
    prefix: [SETTING_PREFIX[1], SETTING_PREFIX[0]] as const,
  },
};
const pathSegments = { toReal: lookup(PATH_SEGMENTS, 'toReal'), toNeutral: lookup(PATH_SEGMENTS, 'toNeutral') };

function translatePath(path: string, direction: Direction): string {
  const [pathOnly = '', ...query] = path.split('?');
  const segments = pathOnly.split('/');
  const [observabilityFrom, observabilityTo] =
    direction === 'toReal' ? SERVICE_OBSERVABILITY : [SERVICE_OBSERVABILITY[1], SERVICE_OBSERVABILITY[0]];
  const translated = segments.map((segment, index) => {
    if (segment === observabilityFrom && segments[index - 2] === 'services') return observabilityTo;
    return pathSegments[direction].get(segment) ?? segment;
  });
  return [translated.join('/'), ...query].join('?');
}

/** `/v1/…/services/{id}/datapipes/{pipeId}` → `/v1/…/services/{id}/clickpipes/{pipeId}`; a query string is kept. */
export function wirePath(neutralPath: string): string {
  return translatePath(neutralPath, 'toReal');
}

/** The reverse of `wirePath`, for showing a recorded wire path in the console's words. */
export function neutralPath(realPath: string): string {
  return translatePath(realPath, 'toNeutral');
}

/** Only pipe bodies carry renamed keys and values; every other body crosses unchanged. */
function carriesPipeNames(path: string): boolean {
  const segments = (path.split('?')[0] ?? '').split('/');
  return segments.some((segment) => segment === 'datapipes' || segment === 'clickpipes');
}

function translateKey(key: string, direction: Direction): string {
  const { keys, prefix } = maps[direction];
  if (key.startsWith(prefix[0])) return prefix[1] + key.slice(prefix[0].length);
  return keys.get(key) ?? key;
}

/**
 * A copy of `value` in the other dialect, or `value` itself when nothing in it had to change (so
 * an answer with nothing to rename is not serialised again).
 */
function translateBody(value: unknown, direction: Direction, parentKey?: string): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = translateBody(item, direction);
      changed ||= next !== item;
      return next;
    });
    return changed ? items : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const inSource = parentKey !== undefined && SOURCE_OBJECTS.has(parentKey);
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const nextKey = translateKey(key, direction);
    const nextItem =
      inSource && VALUE_KEYS.has(key) && typeof item === 'string'
        ? (maps[direction].values.get(item) ?? item)
        : translateBody(item, direction, key);
    changed ||= nextKey !== key || nextItem !== item;
    copy[nextKey] = nextItem;
  }
  return changed ? copy : value;
}

/** A pipe's body (a creation, an update, its settings) in the real service's names. */
export function wirePipeBody(body: unknown): unknown {
  return translateBody(body, 'toReal');
}

/** A request body as the real service expects it at `neutralPath` (the console's own path for the call). */
export function wireBody(neutralPath: string, body: unknown): unknown {
  return carriesPipeNames(neutralPath) ? wirePipeBody(body) : body;
}

/** An answer of the real service at `neutralPath` in the console's words; unknown names stay as they came. */
export function neutralBody(neutralPath: string, body: unknown): unknown {
  return carriesPipeNames(neutralPath) ? translateBody(body, 'toNeutral') : body;
}

/** A dotted field path the real service named (`source.kinesis.streamName`) as the console's form knows it. */
export function neutralFieldPath(realFieldPath: string): string {
  return realFieldPath
    .split('.')
    .map((segment) => translateKey(segment, 'toNeutral'))
    .join('.');
}

/**
 * Words of the neutral dialect that the real services do not know, for the guard that scans what
 * crossed the wire: path segments, keys (and the settings prefix), and source type and format values.
 */
export const NEUTRAL_WORDS = {
  pathSegments: [...PATH_SEGMENTS.map(([neutral]) => neutral)],
  serviceObservabilitySegment: SERVICE_OBSERVABILITY[0],
  keys: KEYS.map(([neutral]) => neutral),
  settingPrefix: SETTING_PREFIX[0],
  values: VALUES.map(([neutral]) => neutral),
} as const;

/** The whole map, for the README's table and the tests. */
export const NAME_PAIRS = {
  pathSegments: [...PATH_SEGMENTS, SERVICE_OBSERVABILITY],
  keys: KEYS,
  settingPrefix: SETTING_PREFIX,
  values: VALUES,
} as const;
