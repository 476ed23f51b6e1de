/**
 * `node server.js` in `.next/standalone/` (the container image's server): the console's own
 * server — trusted proxies, the graceful stop, every variable checked, the database prepared, the
 * admin's sign-in printed — from Next's standalone output, without the project's node_modules,
 * tsx or the emulator. scripts/build-standalone.ts bundles it over Next's own server.js.
 * Upstream URLs and secrets come from the environment; there is no `.env` file here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startupProblems } from '../lib/server/env-check';

// Before Next loads: it reads both when its modules are first evaluated.
Object.assign(process.env, { NODE_ENV: 'production' });
process.env.NEXT_TELEMETRY_DISABLED = '1';

async function main(): Promise<void> {
  // The bundle is server.js at the top of the standalone folder, beside its `.next/`; the console
  // reads its contract documents and (without SLUICE_DATA_DIR) keeps its data from there.
  const dir = path.dirname(fileURLToPath(import.meta.url));
  process.chdir(dir);
  const { config } = JSON.parse(readFileSync(path.join(dir, '.next', 'required-server-files.json'), 'utf8')) as {
    config: Record<string, unknown>;
  };
  // As Next's own standalone server does: its request handler reads the built configuration from here.
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  const { prepareConsole, printSignIn } = await import('./prepare-console');
  const signIn = await prepareConsole(process.env, (env) => startupProblems(env, { embeddedEmulator: false }));
  const { serveConsole } = await import('./serve-console');
  const { url } = await serveConsole({ dev: false, dir, conf: config });
  console.log(`Sluice is running at ${url}`);
  printSignIn(process.env, signIn);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
