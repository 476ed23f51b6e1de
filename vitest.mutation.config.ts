import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/** Only the unit tests of the modules under mutation (stryker.config.mjs), not the whole suite. */
const modules = JSON.parse(readFileSync(new URL('./mutation.modules.json', import.meta.url), 'utf8')) as Record<string, { tests: string[] }>;
const chosen = (process.env.MUTATION_MODULES ?? Object.keys(modules).join(',')).split(',').filter(Boolean);

export default defineConfig({ ...base, test: { ...base.test, include: [...new Set(chosen.flatMap((name) => modules[name]?.tests ?? []))] } });
