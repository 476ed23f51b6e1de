import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * `npm test` runs the checks of the requests its suites recorded (what the BFF sent, what the
 * emulator received) as a last, separate run.
 */
const recordedRequestsCheck = process.env.SLUICE_CONTRACT_CHECK === '1';
/** `*.slow.test.ts` need the production build (`npm run test:image`); `npm test` runs them after the browser suite built it. */
const slowTests = process.env.SLUICE_SLOW_TESTS === '1';
/**
 * Which unit test files share workers. A file run in a process of its own pays a Node start and a
 * fresh import of everything it uses, about 0.3 s of a core, more for the emulator; for a file that
 * checks plain functions, or one emulator of its own, that is most of its time. Such files run one
 * after another in reused workers instead (together they then take about half the core time):
 * they call the code they test, or their own emulator on free ports through emulator/test/harness.ts
 * (closed after the file), and compare its answers, so none leaves anything behind for the next.
 *
 * A file qualifies by where it is and by what it does not contain. Where: a `.test.ts` (no DOM)
 * under lib/, components/ or emulator/, outside the server's and the local tools' code (lib/server,
 * lib/local), whose modules hold databases, settings and caches. What: none of the words below,
 * which change what a process shares (module mocks, stubbed globals or variables, fake timers,
 * spies, the process, the global object, a server or a request of the file's own, child
 * processes, a module's test-only setter). A file that uses any of them runs in a process of its
 * own, as every file did before.
 */
const FOLDERS = ['lib', 'components', 'emulator'];
const NEVER = ['lib/server/', 'lib/local/'];

/** What a file may not contain to share a worker (see above). */
const CHANGES_SHARED_STATE = new RegExp(
  [
    String.raw`\bvi\.(?:mock|doMock|unmock|stub|unstub|spyOn|useFakeTimers|useRealTimers|setSystemTime|resetModules|hoisted)`,
    String.raw`\bprocess\.`,
    String.raw`\bglobalThis\b`,
    String.raw`\bwindow\b`,
    String.raw`\bdocument\b`,
    String.raw`@vitest-environment`,
    String.raw`\bfetch\(`,
    String.raw`node:(?:child_process|http|https|net|worker_threads|cluster)`,
    String.raw`ForTests\b`,
  ].join('|'),
);

/** The files, relative to `root`, that run in shared workers. */
function sharedWorkerFiles(root: string): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
      path.posix.join(folder, file.split(path.sep).join('/')),
    ),
  )
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.slow.test.ts'))
    .filter((file) => !NEVER.some((folder) => file.startsWith(folder)))
    .filter((file) => !CHANGES_SHARED_STATE.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

/** The unit tests: those files in shared workers, every other file in a process of its own. */
const unitTests = !recordedRequestsCheck && !slowTests;
const sharedWorker = unitTests ? sharedWorkerFiles(import.meta.dirname) : [];

export default defineConfig({
  resolve: {
    alias: {
      '@': import.meta.dirname,
      // `server-only` throws outside a React Server environment; unit tests exercise server modules directly.
      'server-only': path.resolve(import.meta.dirname, 'lib/testing/server-only-stub.ts'),
    },
  },
  test: {
    // The unit tests' files are their projects' (below); a project adds its own to these.
    include: recordedRequestsCheck
      ? ['contract/recorded-requests.check.ts', 'contract/emulator-requests.check.ts']
      : slowTests
        ? ['**/*.slow.test.ts']
        : [],
    exclude: ['node_modules/**', '.next/**', '.stryker-tmp/**', 'e2e/**', ...(slowTests ? [] : ['**/*.slow.test.ts'])],
    environment: 'node',
    // Two files at a time at least. Vitest's default (one fewer than the cores) is one worker on a
    // 2-core machine, which leaves a core idle whenever a file waits on a child process, a socket or
    // a database, and for good once the build beside the unit tests in `npm test` ends. Every file
    // but the plain-function checks above runs in its own process on its own ports and data
    // folders, so those files never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 15000,
    // Setup starts emulators, stub servers and databases; `npm test` builds the console beside the
    // unit tests, and on a loaded machine such a start takes longer than Vitest's default 10 s.
    hookTimeout: 30_000,
    ...(unitTests && {
      projects: [
        { extends: true, test: { name: 'shared workers', include: sharedWorker, isolate: false } },
        {
          extends: true,
          test: { name: 'own process', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: sharedWorker },
        },
      ],
    }),
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
