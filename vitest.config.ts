import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * `npm test` runs the checks of the requests its suites recorded (what the BFF sent, what the
 * emulator received) as a last, separate run.
 */
const recordedRequestsCheck = process.env.SLUICE_CONTRACT_CHECK === '1';
/** `*.slow.test.ts` need the production build (`npm run test:image`); `npm test` runs them after the browser suite built it. */
const slowTests = process.env.SLUICE_SLOW_TESTS === '1';

export default defineConfig({
  resolve: {
    alias: {
      '@': import.meta.dirname,
      // `server-only` throws outside a React Server environment; unit tests exercise server modules directly.
      'server-only': path.resolve(import.meta.dirname, 'lib/testing/server-only-stub.ts'),
    },
  },
  test: {
    include: recordedRequestsCheck
      ? ['contract/recorded-requests.check.ts', 'contract/emulator-requests.check.ts']
      : slowTests
        ? ['**/*.slow.test.ts']
        : ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next/**', '.stryker-tmp/**', 'e2e/**', ...(slowTests ? [] : ['**/*.slow.test.ts'])],
    environment: 'node',
    // Two files at a time at least. Vitest's default (one fewer than the cores) is one worker on a
    // 2-core machine, which leaves a core idle whenever a file waits on a child process, a socket or
    // a database, and for good once the build beside the unit tests in `npm test` ends. Every file
    // runs in its own process on its own ports and data folders, so files never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 15000,
    // Setup starts emulators, stub servers and databases; `npm test` builds the console beside the
    // unit tests, and on a loaded machine such a start takes longer than Vitest's default 10 s.
    hookTimeout: 30_000,
    // Tests of other modules talk to the emulator unpaced and uncached; the scheduler's and the
    // read cache's own tests set their budgets and lifetimes.
    env: {
      CLOUD_API_BUDGET: 'off',
      OBSERVABILITY_API_BUDGET: 'off',
      UPSTREAM_CACHE_MS: '0',
      UPSTREAM_CHART_CACHE_MS: '0',
    },
  },
});
