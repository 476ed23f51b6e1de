import type pg from 'pg';
import { redactDatabaseUrl } from './config';
import type { DirectDatabase, Queryable } from './types';

/** Bounds every wait, so a stalled server turns into an error instead of a hung request. */
const POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  query_timeout: 10_000,
  statement_timeout: 10_000,
} as const;

function wrap(client: Pick<pg.Pool, 'query'> | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
  };
}

/**
 * A pool on `url`, checked with one round trip so a wrong URL fails here rather than on a user's
 * request. `pg` is loaded here, not at the top: an import of a server-external package makes every
 * module that reaches it asynchronous.
 */
export async function openPostgres(url: string): Promise<DirectDatabase> {
  const { Pool } = (await import('pg')).default;
  const pool = new Pool({ connectionString: url, ...POOL_SETTINGS });
  // An idle client losing its connection must not crash the console; the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const direct = wrap(pool);
  return {
    kind: 'postgres',
    description: `Postgres at ${redactDatabaseUrl(url)}`,
    query: direct.query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
