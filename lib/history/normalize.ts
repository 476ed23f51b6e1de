import type { HistoryKind } from './kinds';

/**
 * The object as a version keeps it: what upstream answered, less what changes by itself (times,
 * a pipe's moment-to-moment state, a key's last use), so that a read only finds a change when
 * someone made one. Fields the console does not know are kept whole.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const VOLATILE: Record<HistoryKind, readonly string[]> = {
  dashboards: ['updatedAt', 'createdAt'],
  'managed-dashboards': ['updatedAt', 'createdAt'],
  alerts: ['updatedAt', 'createdAt', 'state', 'silenced', 'lastTriggeredAt', 'history', 'executionErrors'],
  'managed-alerts': ['updatedAt', 'createdAt', 'state', 'silenced', 'lastTriggeredAt', 'history', 'executionErrors'],
  pipes: ['updatedAt', 'createdAt', 'state'],
  keys: ['usedAt'],
  endpoints: [],
};

/** Pipe states in which it is not loading, by command or on its way there. */
const AT_REST = new Set(['Stopped', 'Stopping', 'Paused', 'Pausing']);

/** What a pipe was asked to do, the part of its state a person decides (start or stop). */
export function pipeRunState(state: unknown): 'running' | 'stopped' {
  return typeof state === 'string' && AT_REST.has(state) ? 'stopped' : 'running';
}

export function normalizeObject(kind: HistoryKind, raw: unknown): Json | null {
  if (!isObject(raw)) return null;
  const object: Json = {};
  for (const [key, value] of Object.entries(raw))
    if (!VOLATILE[kind].includes(key) && value !== undefined) object[key] = value;
  if (kind === 'pipes') object.runState = pipeRunState(raw.state);
  return object;
}

/** JSON with object keys sorted at every level: the same content gives the same text. */
export function canonicalText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalText(item ?? null)).join(',')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The name an object shows, for lists and messages. */
export function objectName(object: unknown): string | null {
  if (!isObject(object)) return null;
  for (const key of ['name', 'description', 'id'])
    if (typeof object[key] === 'string' && object[key]) return object[key];
  return null;
}
