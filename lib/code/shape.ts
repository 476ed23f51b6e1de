import type { HclObject, HclValue } from './hcl';

/**
 * Which of an object's fields a provider's resource takes, by the provider's attribute names:
 * `true` a value as it is, a nested shape an object (or each item of a list of objects).
 */
export interface Shape {
  [snakeName: string]: true | Shape;
}

export const snake = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

/** Secret fields: never written, never named as left out (they become variables). */
const SECRETS = new Set([
  'credentials',
  'password',
  'secret_key',
  'access_key',
  'connection_string',
  'private_key',
  'service_account_key',
  'certificate',
]);

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields `shape` names, snake-cased, nulls and unknown fields left out (the leftovers are reported). */
export function pick(value: unknown, shape: Shape, path = '', leftOut: string[] = []): HclObject | undefined {
  if (!isPlain(value)) return undefined;
  const out: HclObject = {};
  for (const key of Object.keys(value).sort()) {
    const item = value[key];
    const name = snake(key);
    const rule = shape[name];
    if (item === null || item === undefined) continue;
    if (!rule) {
      if (SECRETS.has(name)) continue;
      leftOut.push(path ? `${path}.${key}` : key);
      continue;
    }
    if (rule === true) out[name] = toHcl(item);
    else if (Array.isArray(item)) out[name] = item.map((entry) => pick(entry, rule, `${path}${key}[]`, leftOut) ?? {});
    else out[name] = pick(item, rule, path ? `${path}.${key}` : key, leftOut);
  }
  return out;
}

export function toHcl(value: unknown): HclValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(toHcl);
  if (isPlain(value)) {
    const out: HclObject = {};
    for (const key of Object.keys(value).sort()) out[key] = toHcl(value[key]);
    return out;
  }
  return null;
}
