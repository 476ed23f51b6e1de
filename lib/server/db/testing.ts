import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, MIGRATIONS } from './migrations';
import { openPgliteMemory, type PgliteDatabase } from './pglite';

/** Not used by the console: unit tests and benchmarks get a migrated in-memory PGlite in about a second. */
function templateFile(): string {
  const version = createHash('sha256').update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 12);
  return path.join(tmpdir(), `sluice-pglite-template-${version}.tar`);
}

async function readTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([readFileSync(templateFile())], { type: 'application/x-tar' });
  } catch {
    return undefined;
  }
}

export async function openTestDatabase(): Promise<PgliteDatabase> {
  const template = await readTemplate();
  if (template) return openPgliteMemory(template);
  const db = await openPgliteMemory();
  await migrate(db);
  const dump = await db.engine.dumpDataDir('none');
  // Several test workers may get here at once: each writes its own file, the last rename wins.
  const temporary = `${templateFile()}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, templateFile());
  return db;
}
