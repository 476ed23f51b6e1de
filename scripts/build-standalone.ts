/**
 * The second half of `npm run build`: puts the console's own server (scripts/standalone-server.ts,
 * bundled) in `.next/standalone/server.js` in place of Next's, which has no trusted-proxy handling,
 * no graceful stop and no start-time checks. Next, PGlite and pg stay outside the bundle: Next's
 * output tracing copied them into `.next/standalone/node_modules`.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const standalone = path.join(root, '.next', 'standalone');

if (!existsSync(path.join(standalone, '.next', 'required-server-files.json'))) {
  console.error(
    'No standalone output in .next/standalone: run `next build` with output: "standalone" (npm run build) first.',
  );
  process.exit(1);
}

await build({
  entryPoints: [path.join(root, 'scripts', 'standalone-server.ts')],
  outfile: path.join(standalone, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['next', '@electric-sql/pglite', 'pg'],
  // Bundled CommonJS packages (ioredis, proxy-addr…) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as sluiceCreateRequire } from 'node:module'; const require = sluiceCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
/**
 * The tracer reads `path.join(<data folder>, 'db')` as "any db folder" and copies the sources and
 * tests under lib/server/db and test/db (with its 4.5 MB fixture) into the output; Node runs none
 * of them (the compiled app is in .next/). Only the contract documents (JSON) are read at run time.
 */
function pruneSources(dir: string, top = true): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (top && (entry.name === 'node_modules' || entry.name === '.next')) continue;
    if (entry.isDirectory()) {
      // `.data` is the local data folder (users, sessions, audit log) of a console that ran in this checkout.
      if (top && ['lib', 'test', 'e2e', 'bench', 'emulator', 'scripts', '.data'].includes(entry.name))
        rmSync(full, { recursive: true });
      else pruneSources(full, false);
    } else if (/\.tsx?$/.test(entry.name)) {
      rmSync(full);
    }
  }
}
pruneSources(standalone);

console.log(
  'Standalone server: .next/standalone/server.js (copy .next/static and public/ beside it; see the Dockerfile)',
);
