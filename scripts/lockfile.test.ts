import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lock file that leaves out any optional dependency of an installed package,
 * even one for another platform. chdb (the emulator's engine) names four platform libraries, and
 * the registry this project installs from serves only the Linux x64 one, so the lock file carries
 * entries for the other three by hand (no tarball: npm never fetches a library for another platform).
 */
const lock = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
};

describe('the lock file', () => {
  it('lists every platform library of chdb, so `npm ci` accepts it', () => {
    const chdb = lock.packages['node_modules/chdb'];
    expect(chdb, 'chdb is locked').toBeDefined();
    const missing = Object.keys(chdb?.optionalDependencies ?? {}).filter(
      (name) => !lock.packages[`node_modules/${name}`],
    );
    expect(missing).toEqual([]);
  });
});
