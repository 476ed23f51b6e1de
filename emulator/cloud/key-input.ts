import { HttpError } from '../http/errors';
import { isIpOrCidr } from '../net/ip';
import { KEY_ROLES, KEY_STATES, type IpAccessEntry, type KeyRole, type KeyState } from '../state';

export const KEY_NAME_MAX = 128;
export const IP_DESCRIPTION_MAX = 255;
export const IP_ACCESS_LIST_MAX = 100;

export interface KeyInput {
  name?: string;
  roles?: KeyRole[];
  /** `null` = never expires. */
  expireAt?: string | null;
  state?: KeyState;
  ipAccessList?: IpAccessEntry[];
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const bad = (message: string) => new HttpError(400, message);

function parseName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw bad('name is required');
  const name = value.trim();
  if (name.length > KEY_NAME_MAX) throw bad(`name must be at most ${KEY_NAME_MAX} characters`);
  return name;
}

function parseRoles(value: unknown): KeyRole[] {
  const rule = `roles must contain at least 1 element of ${KEY_ROLES.join(', ')}`;
  if (!Array.isArray(value) || value.length === 0) throw bad(rule);
  const roles = value.map((role, i) => {
    if (!KEY_ROLES.includes(role as KeyRole)) throw bad(`roles[${i}] must be one of ${KEY_ROLES.join(', ')}`);
    return role as KeyRole;
  });
  return [...new Set(roles)];
}

function parseExpireAt(value: unknown): string | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || !ISO_8601.test(value) || Number.isNaN(Date.parse(value))) {
    throw bad('expireAt must be an ISO-8601 timestamp, or null or empty for a key that never expires');
  }
  return new Date(value).toISOString();
}

function parseState(value: unknown): KeyState {
  if (!KEY_STATES.includes(value as KeyState)) throw bad(`state must be one of ${KEY_STATES.join(', ')}`);
  return value as KeyState;
}

function parseIpAccessList(value: unknown): IpAccessEntry[] {
  if (!Array.isArray(value)) throw bad('ipAccessList must be an array of {source, description} entries');
  if (value.length > IP_ACCESS_LIST_MAX) throw bad(`ipAccessList must contain at most ${IP_ACCESS_LIST_MAX} entries`);
  return value.map((entry: unknown, i) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      throw bad(`ipAccessList[${i}] must be an object with source and description`);
    const { source, description = '' } = entry as Record<string, unknown>;
    if (typeof source !== 'string' || source.trim() === '') throw bad(`ipAccessList[${i}].source is required`);
    if (!isIpOrCidr(source.trim())) throw bad(`ipAccessList[${i}].source is not a valid IP address or CIDR range`);
    if (typeof description !== 'string') throw bad(`ipAccessList[${i}].description must be a string`);
    if (description.length > IP_DESCRIPTION_MAX)
      throw bad(`ipAccessList[${i}].description must be at most ${IP_DESCRIPTION_MAX} characters`);
    return { source: source.trim(), description };
  });
}

/** Creation: name and roles are required; the rest defaults to enabled, never expiring, usable from anywhere. */
export function parseKeyCreate(body: Record<string, unknown>): Required<KeyInput> {
  return {
    name: parseName(body.name),
    roles: parseRoles(body.roles),
    expireAt: body.expireAt === undefined ? null : parseExpireAt(body.expireAt),
    state: body.state === undefined ? 'enabled' : parseState(body.state),
    ipAccessList:
      body.ipAccessList === undefined || body.ipAccessList === null ? [] : parseIpAccessList(body.ipAccessList),
  };
}

/** Endpoint 2: only the supplied fields change. */
export function parseKeyUpdate(body: Record<string, unknown>): KeyInput {
  const input: KeyInput = {};
  if (body.name !== undefined) input.name = parseName(body.name);
  if (body.roles !== undefined) input.roles = parseRoles(body.roles);
  if (body.expireAt !== undefined) input.expireAt = parseExpireAt(body.expireAt);
  if (body.state !== undefined) input.state = parseState(body.state);
  if (body.ipAccessList !== undefined)
    input.ipAccessList = body.ipAccessList === null ? [] : parseIpAccessList(body.ipAccessList);
  return input;
}
