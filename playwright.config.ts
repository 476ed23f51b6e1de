import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/fixtures/chromium';
import { E2E, E2E_WORKERS, consoleSlot, consoleUrl, oidcIssuer } from './e2e/fixtures/env';

/**
 * One console per worker (e2e/fixtures/env.ts), all from the one production build: the first
 * `npm start` builds when the build is stale, the next find it fresh and only start.
 */
const consoles = Array.from({ length: E2E_WORKERS }, (_, index) => consoleSlot(index));

export default defineConfig({
  testDir: './e2e/specs',
  // Spec files are spread over the workers; the tests of one file run in order, in one worker.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  globalSetup: './e2e/fixtures/global-setup.ts',
  use: {
    baseURL: consoleUrl,
    // Recording a trace of every test costs the suite about half its time on 2 cores; a test
    // that fails under CI is run again (retries: 1) with the trace on. Locally: `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  webServer: consoles.map((slot) => ({
    command: 'npm start',
    url: `http://127.0.0.1:${slot.consolePort}/api/health`,
    // `npm test` builds first; alone (`npm run test:e2e`), the first console builds, minutes at load 20.
    timeout: 600_000,
    reuseExistingServer: false,
    // The console's structured log would drown the test report; failures show the server's stderr.
    stdout: 'ignore',
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(slot.consolePort),
      EMULATOR_PORT: String(slot.emulatorPort),
      SLUICE_DATA_DIR: slot.dataDir,
      CONSOLE_ADMIN_PASSWORD: E2E.users.admin.password,
      SESSION_SECRET: E2E.sessionSecret,
      CLOUD_ORGANIZATION_ID: E2E.organizationId,
      CLOUD_SERVICE_ID: E2E.serviceId,
      CLOUD_API_KEY_ID: E2E.cloudKeyId,
      CLOUD_API_KEY_SECRET: E2E.cloudKeySecret,
      OBSERVABILITY_API_KEY: E2E.observabilityApiKey,
      EMULATOR_STEP_MS: '300',
      // Pipe charts need two scrapes before they show a rate.
      PIPE_METRICS_INTERVAL_MS: '1000',
      // Single sign-on against the test provider, which only the single sign-on spec runs.
      OIDC_ISSUER: oidcIssuer,
      OIDC_CLIENT_ID: E2E.oidc.clientId,
      OIDC_CLIENT_SECRET: E2E.oidc.clientSecret,
      OIDC_SCOPES: 'openid profile email groups',
      OIDC_ROLE_MAP: E2E.oidc.roleMap,
      OIDC_PROVIDER_NAME: E2E.oidc.providerName,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The specs change the emulator behind the console's back (faults, seeded state) and read the
      // result at once, so this console paces generously and caches nothing; the team spec runs
      // two consoles of its own with the real budgets, the read cache and Redis.
      CLOUD_API_BUDGET: '1000/10s',
      OBSERVABILITY_API_BUDGET: '1000/60s',
      QUERY_API_BUDGET: '1000/60s',
      UPSTREAM_CACHE_MS: '0',
      UPSTREAM_CHART_CACHE_MS: '0',
      REDIS_URL: '',
      TRUSTED_PROXIES: '',
      // The notifications spec runs its webhook receiver on loopback.
      NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
    },
  })),
});
