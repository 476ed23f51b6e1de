import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the Next build is made from; tests, the emulator and scripts are not part of it. */
const SOURCE_DIRS = ['app', 'components', 'lib', 'public'];
// compile-hints.ts finishes the browser chunks (part of every build).
const SOURCE_FILES = ['next.config.js', 'package-lock.json', 'tsconfig.json', 'scripts/compile-hints.ts'];

function newestMtime(entry: string): number {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** True when there is no production build or a source file changed after it was made. */
export function buildIsStale(root: string): boolean {
  let builtAt: number;
  try {
    builtAt = statSync(path.join(root, '.next', 'BUILD_ID')).mtimeMs;
  } catch {
    return true;
  }
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES].map((name) => newestMtime(path.join(root, name)));
  return Math.max(...sources) > builtAt;
}
