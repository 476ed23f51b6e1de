/**
 * `npm test`'s build: `npm run build` (Next's build and the standalone server) when the production
 * build is missing or older than its sources, the same test `npm start` makes; else nothing.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale } from './build-freshness';

const root = path.resolve(import.meta.dirname, '..');
if (buildIsStale(root)) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
console.log('The production build is up to date.');
