import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { DirectDatabase, Queryable } from './types';

function wrap(run: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await run.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  };
}

export interface PgliteDatabase extends DirectDatabase {
  readonly kind: 'pglite';
  /** The engine itself, for the socket that lends it to the console's other processes. */
  readonly engine: PGlite;
}

function adapt(engine: PGlite, description: string, onClose: () => void = () => {}): PgliteDatabase {
  const direct = wrap(engine);
  return {
    kind: 'pglite',
    description,
    engine,
    query: direct.query,
    transaction: (work) => engine.transaction((tx) => work(wrap(tx))),
    async close() {
      try {
        if (!engine.closed) await engine.close();
      } finally {
        onClose();
      }
    },
  };
}

/**
 * Loaded when first opened: PGlite is an ESM module with top-level await, and a static import would
 * make every server module that reaches this one asynchronous (and the browser runtime bigger).
 */
async function pglite(): Promise<typeof PGlite> {
  return (await import('@electric-sql/pglite')).PGlite;
}

/** PGlite with its files in `dir` (created owner-only); the caller holds the folder's lock. */
export async function openPgliteFolder(dir: string, onClose?: () => void): Promise<PgliteDatabase> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const engine = await (await pglite()).create({ dataDir: dir });
  return adapt(engine, `the embedded database in ${dir}`, onClose);
}

/** PGlite in memory, optionally started from a dumped data folder (tests: ~1 s instead of ~4 s of initdb). */
export async function openPgliteMemory(template?: Blob): Promise<PgliteDatabase> {
  const engine = await (await pglite()).create(template ? { loadDataDir: template } : {});
  return adapt(engine, 'an in-memory database');
}
