/**
 * The real cloud service leaves a property out where it has no value; its published contract
 * refuses `null` for most of them (nullable sub-objects even match two branches of their `oneOf`).
 * Records keep `null` inside the emulator, where it means "not set", and lose it on the wire.
 */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null) copy[key] = withoutNulls(item);
  }
  return copy as T;
}
