/**
 * Part of `npm run build`, after `next build`: asks V8 to compile every function of each browser
 * chunk as the chunk loads, with the file-level compile hint Chromium reads
 * (https://v8.dev/blog/explicit-compile-hints), instead of each function the first time it runs.
 *
 * Why: V8 compiles a function lazily, on its first call, on the main thread. A page's first chart
 * runs recharts' code for the first time, and that compiling was about half of the draw (~230 of
 * ~500 ms under Lighthouse's 4× slowdown, bench/charts' harness), one long task the phone cannot
 * answer input in. Marked chunks are compiled as they arrive: off the main thread for a streamed
 * script, and otherwise in the chunk's own evaluation rather than inside a render. Browsers
 * without compile hints read the line as a comment. Only the chunks a page loads are compiled.
 *
 * Run alone: `npx tsx scripts/compile-hints.ts` (it changes only chunks not yet marked).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Must be the script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Marks each `.js` chunk under `dir` not already marked; answers how many it marked. */
export function addCompileHints(dir: string): number {
  let marked = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, `${COMPILE_HINT}\n${code}`);
    marked++;
  }
  return marked;
}

/** The browser chunks of the production build in `root`. */
export const chunksDir = (root: string) => path.join(root, '.next', 'static', 'chunks');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '..');
  const marked = addCompileHints(chunksDir(root));
  console.log(`Compile hints: ${marked} browser chunks marked for eager compilation.`);
}
