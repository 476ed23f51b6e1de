import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Product code reads its environment through lib/server/env.ts (and the half of it tools load,
 * env-schema.ts), so every variable is named, typed and checked in one place. Tests, the emulator,
 * benchmarks and scripts (tools) are not product code.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCT = ['lib', 'app', 'components', 'instrumentation.ts', 'proxy.ts'];

/** Files that may read `process.env` themselves, each for a reason. */
const ALLOWED: Record<string, string> = {
  'lib/server/env-schema.ts': 'the reader itself (`processEnv`), without server-only so tools load it',
  'instrumentation.ts':
    'NEXT_RUNTIME and NEXT_PHASE are set by Next; they are checked before any server module loads, since the hook also runs in the edge runtime',
  'lib/server/test-support.ts': 'test support: sets the environment the unit tests run in',
};

const READS_ENV = /\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])|from\s+['"](node:)?process['"]/;

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (/\.(ts|tsx)$/.test(entry)) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    const relative = path.join(entry, child.name);
    if (child.isDirectory()) return child.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.(ts|tsx)$/.test(child.name) && !/\.(test|spec)\.tsx?$/.test(child.name) ? [relative] : [];
  });
}

describe('reading the environment', () => {
  const files = PRODUCT.flatMap(sourceFiles);

  it('finds the product files it checks', () => {
    expect(files).toContain('lib/server/env.ts');
    expect(files).toContain('instrumentation.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('happens nowhere but in the allowed files: env.ts and its reader env-schema.ts, and the few listed', () => {
    const offenders = files.filter(
      (file) => !(file in ALLOWED) && READS_ENV.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('allows no file that no longer reads it', () => {
    const stale = Object.keys(ALLOWED).filter((file) => !READS_ENV.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(stale).toEqual([]);
  });

  it('catches a read written in any of the usual ways', () => {
    for (const line of ['const a = process.env.X;', "const b = process['env'];", "import { env } from 'node:process';"])
      expect(READS_ENV.test(line), line).toBe(true);
    expect(READS_ENV.test("const c = envValue('X');")).toBe(false);
  });
});
