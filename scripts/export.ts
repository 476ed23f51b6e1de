/**
 * `npm run export -- --format terraform|json DIR`: every pipe, dashboard and alert of the
 * organization, one file per object, from the upstreams the console is configured with
 * (environment or `.env`). The same organization gives byte-identical files; a file whose object
 * is gone is removed, so a diff in git shows only real changes. Runs with the `react-server`
 * condition: it uses the console's own upstream client (budgets, retries, names on the wire).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CODE_FORMATS, type CodeFormat } from '@/lib/code/object-code';
import { exportOrganization } from '@/lib/server/history/export';

const USAGE = 'Usage: npm run export -- --format terraform|json DIR';
const FOLDERS = ['pipes', 'dashboards', 'alerts', 'managed-dashboards', 'managed-alerts'];

function parseArgs(argv: string[]): { format: CodeFormat; dir: string } {
  let format: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--format') format = argv[++i];
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else rest.push(arg);
  }
  if (!format || !(CODE_FORMATS as readonly string[]).includes(format))
    throw new Error(`--format must be terraform or json. ${USAGE}`);
  if (rest.length !== 1) throw new Error(`Give one output folder. ${USAGE}`);
  return { format: format as CodeFormat, dir: path.resolve(rest[0]!) };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tf|json)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..');
  const envFile = path.join(root, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const { format, dir } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const { files, skipped } = await exportOrganization(format);
  const written = new Set<string>();
  let changed = 0;
  for (const file of files) {
    const target = path.join(dir, ...file.path.split('/'));
    written.add(target);
    mkdirSync(path.dirname(target), { recursive: true });
    // Unchanged files are not touched, so their times say nothing changed either.
    if (existsSync(target) && readFileSync(target, 'utf8') === file.text) continue;
    writeFileSync(target, file.text);
    changed++;
  }
  let removed = 0;
  for (const folder of FOLDERS) {
    for (const stale of filesUnder(path.join(dir, folder))) {
      if (written.has(stale)) continue;
      rmSync(stale);
      removed++;
    }
  }
  for (const note of skipped) console.warn(`Skipped ${note}`);
  console.log(
    `Exported ${files.length} objects as ${format} to ${dir} (${changed} written, ${removed} removed) in ${Math.round(performance.now() - started)} ms.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
