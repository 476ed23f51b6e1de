// zod/mini: the alert form and the alert routes of both surfaces share these schemas.
import * as z from 'zod/mini';
import type { Surface } from '@/lib/observability/surface';
import { OBJECT_ID_PATTERN, UUID_PATTERN } from '../ids';
import { ALERT_INTERVALS, ALERT_LIMITS, ALERT_THRESHOLD_TYPES } from './alert-bounds';
import { TILE_ID_PATTERN } from './tile-kinds';

export * from './alert-bounds';

const { nameMaxLength, messageMaxLength, thresholdMin, thresholdMax } = ALERT_LIMITS;

/** Open-source ids are 24-hex object ids; the managed surface's are UUIDs or, depending on its deployment, object ids. */
function idSchema(surface: Surface, what: string) {
  const accepted = surface === 'oss' ? [OBJECT_ID_PATTERN] : [OBJECT_ID_PATTERN, UUID_PATTERN];
  const wording = surface === 'oss' ? '24 hexadecimal characters' : '24 hexadecimal characters or a UUID';
  return z.string({ error: `${what} is required` }).check(
    z.trim(),
    z.minLength(1, { error: `${what} is required` }),
    z.refine((v) => v === '' || accepted.some((pattern) => pattern.test(v)), { error: `${what} must be ${wording}` }),
  );
}

const nameSchema = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name is required' }),
    z.maxLength(nameMaxLength, { error: `Name must be at most ${nameMaxLength} characters` }),
  );

/** Optional; upstream refuses an empty message, so an empty one is left out. */
const messageSchema = z.pipe(
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(messageMaxLength, { error: `Message must be at most ${messageMaxLength} characters` }),
      ),
  ),
  z.transform((v) => (v ? v : undefined)),
);

const thresholdSchema = z
  .number({ error: 'Threshold must be a number' })
  .check(
    z.refine(Number.isFinite, { error: 'Threshold must be a number' }),
    z.gte(thresholdMin, { error: `Threshold must be at least ${thresholdMin}` }),
    z.lte(thresholdMax, { error: `Threshold must be at most ${thresholdMax}` }),
  );

/**
 * Create and full-replace body of an alert on a tile, on `surface`. Fields the console does not
 * author (e.g. `groupBy`, `note`) pass through to the upstream, which checks them.
 */
export function alertBodySchemaFor(surface: Surface) {
  return z.looseObject({
    name: nameSchema,
    message: messageSchema,
    source: z.literal('tile', { error: 'Source must be tile' }),
    dashboardId: idSchema(surface, 'Dashboard'),
    // Tile ids are the dashboard's own: object ids, UUIDs, or the short ids the observability app generates.
    tileId: z
      .string({ error: 'Tile is required' })
      .check(z.refine((v) => TILE_ID_PATTERN.test(v), { error: 'Tile must be at most 36 letters, digits, - or _' })),
    threshold: thresholdSchema,
    thresholdType: z.enum(ALERT_THRESHOLD_TYPES, { error: 'Threshold type must be above or below' }),
    interval: z.enum(ALERT_INTERVALS, { error: `Interval must be one of ${ALERT_INTERVALS.join(', ')}` }),
    channel: z.object(
      {
        type: z.literal('webhook', { error: 'Channel type must be webhook' }),
        webhookId: idSchema(surface, 'Webhook'),
      },
      { error: 'Channel is required' },
    ),
  });
}

export const ossAlertBodySchema = alertBodySchemaFor('oss');
export const managedAlertBodySchema = alertBodySchemaFor('managed');
export type AlertBody = z.output<typeof ossAlertBodySchema>;
export type AlertBodyInput = z.input<typeof ossAlertBodySchema>;
