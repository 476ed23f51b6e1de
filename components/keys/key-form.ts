import * as z from 'zod/mini';
import { isoToLocalDateTime, localDateTimeToIso } from '@/components/format/time';
import {
  ipAccessListSchema,
  keyCreateSchema,
  type IpAccessEntry,
  type KeyCreateRequest,
  type KeyRecord,
  type KeyUpdateRequest,
} from '@/lib/schemas/keys';

const expiryRules = keyCreateSchema.shape.expireAt;

/**
 * The create/edit form's schema, derived from the request schemas: the only difference is that
 * the expiry is a `datetime-local` value, converted to ISO before the request schema's rule runs.
 * An edit may leave an expiry that has since passed as it is (`unchangedExpiry`).
 */
export function keyFormSchema(options: { unchangedExpiry?: string } = {}) {
  return z.object({
    name: keyCreateSchema.shape.name,
    roles: keyCreateSchema.shape.roles,
    expireAt: z.string().check(
      z.superRefine((local, context) => {
        if (options.unchangedExpiry !== undefined && local === options.unchangedExpiry) return;
        const result = expiryRules.safeParse(localDateTimeToIso(local));
        // The first issue is the one that explains it: text that is no date also "is not in the future".
        const first = result.error?.issues[0];
        if (first) context.addIssue({ code: 'custom', message: first.message, input: local });
      }),
    ),
    ipAccessList: ipAccessListSchema,
  });
}

export type KeyFormValues = z.input<ReturnType<typeof keyFormSchema>>;
export type KeyFormOutput = z.output<ReturnType<typeof keyFormSchema>>;

/** Top-level form names, for placing the server's field errors. */
export const KEY_FORM_FIELDS = ['name', 'roles', 'expireAt', 'ipAccessList'] as const;

export const emptyKeyFormValues: KeyFormValues = { name: '', roles: [], expireAt: '', ipAccessList: [] };

export const emptyIpAccessEntry: IpAccessEntry = { source: '', description: '' };

export function keyToFormValues(key: KeyRecord): KeyFormValues {
  return {
    name: key.name,
    roles: [...key.roles],
    expireAt: isoToLocalDateTime(key.expireAt),
    ipAccessList: key.ipAccessList.map(({ source, description }) => ({ source, description: description ?? '' })),
  };
}

export function toKeyCreateRequest(values: KeyFormOutput): KeyCreateRequest {
  const expireAt = localDateTimeToIso(values.expireAt);
  return {
    name: values.name,
    roles: values.roles,
    ...(expireAt ? { expireAt } : {}),
    ...(values.ipAccessList.length > 0 ? { ipAccessList: values.ipAccessList } : {}),
  };
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

function sameAccessList(a: readonly IpAccessEntry[], b: readonly IpAccessEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (entry, index) =>
        entry.source === b[index]?.source && (entry.description ?? '') === (b[index]?.description ?? ''),
    )
  );
}

/**
 * Only what changed, so an untouched expiry that has passed is not sent back; null when nothing
 * changed. A cleared expiry is sent as null ("never expires").
 */
export function toKeyUpdateRequest(original: KeyRecord, values: KeyFormOutput): KeyUpdateRequest | null {
  const patch: KeyUpdateRequest = {};
  if (values.name !== original.name) patch.name = values.name;
  if (!sameRoles(values.roles, original.roles)) patch.roles = values.roles;
  if (values.expireAt !== isoToLocalDateTime(original.expireAt)) {
    patch.expireAt = values.expireAt ? localDateTimeToIso(values.expireAt) : null;
  }
  if (!sameAccessList(values.ipAccessList, original.ipAccessList)) patch.ipAccessList = values.ipAccessList;
  return Object.keys(patch).length > 0 ? patch : null;
}
