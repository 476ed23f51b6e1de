/** API key bounds, roles and labels: zod-free, so pages that only display keys need no schema code. */
/** Bounds of API key fields, shared by the schemas and the form fields that show them. */
export const KEY_LIMITS = {
  nameMaxLength: 128,
  ipAccessListMaxEntries: 100,
  ipDescriptionMaxLength: 255,
} as const;

export const KEY_ROLES = ['admin', 'developer', 'query_endpoints'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];
export const KEY_ROLE_LABELS: Record<KeyRole, string> = {
  admin: 'Admin',
  developer: 'Developer',
  query_endpoints: 'Query endpoints',
};

export const KEY_STATES = ['enabled', 'disabled'] as const;
export type KeyState = (typeof KEY_STATES)[number];
