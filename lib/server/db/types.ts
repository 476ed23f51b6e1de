/** What the console's stores need from a database: parameterised SQL, the same text on PGlite and Postgres. */
export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export type DatabaseKind = 'pglite' | 'postgres' | 'pglite-socket';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Where it is, for messages: a folder or a URL without its password. */
  readonly description: string;
  close(): Promise<void>;
}

/** A database this process opened itself: it can run transactions (migrations, imports). */
export interface DirectDatabase extends Database {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

export function isDirect(db: Database): db is DirectDatabase {
  return db.kind !== 'pglite-socket';
}
