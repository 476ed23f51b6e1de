import { NEUTRAL_WORDS } from '@/lib/contract/names';

/**
 * The words of the console's neutral dialect that a request on the wire carries, which the real
 * services do not know: a path segment, a key anywhere in the body (a setting by its prefix), or a
 * string value anywhere in it. Values are matched wherever they sit: no real name collides with
 * `vendor_2`, `objstore_1` or `AvroRegistry`, so a hit anywhere is one the real service would refuse.
 */
export function neutralWordsIn(path: string, body: unknown): string[] {
  const found = new Set<string>();
  const [pathOnly = '', query = ''] = path.split('?');
  const segments = pathOnly.split('/');
  segments.forEach((segment, index) => {
    if ((NEUTRAL_WORDS.pathSegments as readonly string[]).includes(segment)) found.add(`path segment ${segment}`);
    if (segment === NEUTRAL_WORDS.serviceObservabilitySegment && segments[index - 2] === 'services')
      found.add(`path segment ${segment}`);
  });
  for (const [key, value] of new URLSearchParams(query)) visit({ [key]: value }, found);
  visit(body, found);
  return [...found].sort();
}

function visit(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    value.forEach((item) => visit(item, found));
    return;
  }
  if (typeof value === 'string') {
    if ((NEUTRAL_WORDS.values as readonly string[]).includes(value)) found.add(`value ${value}`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if ((NEUTRAL_WORDS.keys as readonly string[]).includes(key)) found.add(`key ${key}`);
    if (key.startsWith(NEUTRAL_WORDS.settingPrefix)) found.add(`key ${key}`);
    visit(item, found);
  }
}
