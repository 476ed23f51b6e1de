import * as z from 'zod/mini';

/** Cloud ids (organizations, services, keys, pipes) are UUID strings. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Open-source observability ids are 24-hex-character object ids. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/i;

export const uuidSchema = z.string().check(z.regex(UUID_PATTERN, { error: 'Must be a UUID' }));
export const objectIdSchema = z
  .string()
  .check(z.regex(OBJECT_ID_PATTERN, { error: 'Must be a 24-character hexadecimal id' }));
