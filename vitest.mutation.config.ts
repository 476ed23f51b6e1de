import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/** Only the unit tests of the modules under mutation (stryker.config.mjs), not the whole suite. */
const modules = JSON.parse(readFileSync(new URL('./mutation.modules.json', import.meta.url), 'utf8')) as Record<
  string,
  { tests: string[] }
>;
const chosen = (process.env.MUTATION_MODULES ?? Object.keys(modules).join(',')).split(',').filter(Boolean);

export default defineConfig({
  ...base,
  // `@` must be Stryker's sandbox (its working directory), where the mutated sources are, not the checkout.
  resolve: { ...base.resolve, alias: { ...base.resolve?.alias, '@': process.cwd() } },
  // A busy machine runs one test process per mutant after another: set-up (a database, a Redis) may be slow.
  test: {
    ...base.test,
    // Its own files only, each in a process of its own: not the unit suite's projects.
    projects: undefined,
    hookTimeout: 60_000,
    include: [...new Set(chosen.flatMap((name) => modules[name]?.tests ?? []))],
  },
});
