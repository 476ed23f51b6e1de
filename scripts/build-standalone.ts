/**
 * The second half of `npm run build`: puts the console's own server (scripts/standalone-server.ts,
 * bundled) in `.next/standalone/server.js` in place of Next's, which has no trusted-proxy handling,
 * no graceful stop and no start-time checks. Next, PGlite and pg stay outside the bundle: Next's
 * output tracing copied them into `.next/standalone/node_modules`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const standalone = path.join(root, '.next', 'standalone');

if (!existsSync(path.join(standalone, '.next', 'required-server-files.json'))) {
  console.error('No standalone output in .next/standalone: run `next build` with output: "standalone" (npm run build) first.');
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
  banner: { js: "import { createRequire as sluiceCreateRequire } from 'node:module'; const require = sluiceCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('Standalone server: .next/standalone/server.js (copy .next/static and public/ beside it; see the Dockerfile)');
