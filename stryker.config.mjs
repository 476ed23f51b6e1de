// `npm run test:mutation [-- module…]`: Stryker mutates the modules where a silent bug costs most
// and runs their unit tests against each mutant (scripts/mutation.sh passes the modules chosen).
import { readFileSync } from 'node:fs';

const modules = JSON.parse(readFileSync(new URL('./mutation.modules.json', import.meta.url), 'utf8'));
const chosen = (process.env.MUTATION_MODULES ?? Object.keys(modules).join(',')).split(',').filter(Boolean);
for (const name of chosen)
  if (!modules[name]) throw new Error(`Unknown mutation module "${name}"; known: ${Object.keys(modules).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: chosen.flatMap((name) => modules[name].mutate),
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants) would each need every test run; their values are covered by the tests anyway.
  ignoreStatic: true,
  // Two cores, shared: one or two test processes.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${chosen.join('+')}.html` },
  jsonReporter: { fileName: `reports/mutation/${chosen.join('+')}.json` },
  tempDirName: '.stryker-tmp',
  // The sandbox copies the tree: not the console's data (its database socket cannot be copied), builds or reports.
  ignorePatterns: ['.data', '.next', 'reports', 'test-results', 'playwright-report', '.stryker-tmp*'],
  cleanTempDir: 'always',
};

export default config;
