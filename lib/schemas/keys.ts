// zod/mini: the same zod 4 schemas, tree-shakable, so the forms that share them stay light in the browser.
import * as z from 'zod/mini';

import { KEY_LIMITS, KEY_ROLES, KEY_STATES, type KeyRole, type KeyState } from './key-bounds';

export * from './key-bounds';

export const keyNameSchema = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name is required' }),
    z.maxLength(KEY_LIMITS.nameMaxLength, { error: `Name must be at most ${KEY_LIMITS.nameMaxLength} characters` }),
  );

export const keyRolesSchema = z
  .array(z.enum(KEY_ROLES, { error: 'Role must be admin, developer or query_endpoints' }), {
    error: 'Choose at least one role',
  })
  .check(
    z.minLength(1, { error: 'Choose at least one role' }),
    z.refine((roles) => new Set(roles).size === roles.length, { error: 'Each role may be listed once' }),
  );

/** An IPv4/IPv6 address or CIDR range, as the cloud surface accepts in an IP access list. */
export const ipSourceSchema = z.pipe(
  z.string({ error: 'Address is required' }).check(z.trim(), z.minLength(1, { error: 'Address is required' })),
  z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
    error: 'Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8',
  }),
);

export const ipAccessEntrySchema = z.object({
  source: ipSourceSchema,
  description: z.string().check(
    z.trim(),
    z.maxLength(KEY_LIMITS.ipDescriptionMaxLength, {
      error: `Description must be at most ${KEY_LIMITS.ipDescriptionMaxLength} characters`,
    }),
    z.regex(/^[^\u0000-\u001f\u007f]*$/, { error: 'Description must not contain control characters' }),
  ),
});
export type IpAccessEntry = z.infer<typeof ipAccessEntrySchema>;

export const ipAccessListSchema = z.array(ipAccessEntrySchema).check(
  z.maxLength(KEY_LIMITS.ipAccessListMaxEntries, { error: `At most ${KEY_LIMITS.ipAccessListMaxEntries} entries` }),
  z.refine((list) => new Set(list.map((e) => e.source)).size === list.length, {
    error: 'Each address may be listed once',
  }),
);

/** ISO-8601 timestamp, or null/empty for "never expires". */
export const expireAtSchema = z.optional(
  z.union([
    z.iso.datetime({ offset: true, error: 'Expiry must be an ISO-8601 date and time' }),
    z.literal(''),
    z.null(),
  ]),
);

const keyStateSchema = z.enum(KEY_STATES, { error: 'State must be enabled or disabled' });

export const keyCreateSchema = z.object({
  name: keyNameSchema,
  roles: keyRolesSchema,
  expireAt: expireAtSchema.check(
    z.refine((v) => !v || Date.parse(v) > Date.now(), { error: 'Expiry must be in the future' }),
  ),
  state: z.optional(keyStateSchema),
  ipAccessList: z.optional(ipAccessListSchema),
});
export type KeyCreateRequest = z.infer<typeof keyCreateSchema>;

/** Endpoint 2 (PATCH a key): every field optional, at least one given. */
export const keyUpdateSchema = z
  .object({
    name: z.optional(keyNameSchema),
    roles: z.optional(keyRolesSchema),
    expireAt: expireAtSchema,
    state: z.optional(keyStateSchema),
    ipAccessList: z.optional(ipAccessListSchema),
  })
  .check(z.refine((body) => Object.values(body).some((v) => v !== undefined), { error: 'Nothing to update' }));
export type KeyUpdateRequest = z.infer<typeof keyUpdateSchema>;

/** The key record as the cloud surface returns it. */
export interface KeyRecord {
  id: string;
  name: string;
  state: KeyState;
  roles: KeyRole[];
  keySuffix: string;
  createdAt: string;
  expireAt?: string | null;
  usedAt?: string | null;
  ipAccessList: IpAccessEntry[];
}

export interface KeyCreateResult {
  key: KeyRecord;
  keyId: string;
  keySecret: string;
}
