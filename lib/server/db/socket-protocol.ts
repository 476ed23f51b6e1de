/**
 * The console's PGlite lent to its other processes (`npm run users`, the browser suite's setup)
 * over a Unix socket in the data folder: one JSON line per statement, one JSON line per answer.
 */
export interface SocketRequest {
  id: number;
  sql: string;
  params: unknown[];
}

export type SocketResponse =
  { id: number; rows: Record<string, unknown>[] } | { id: number; error: { message: string; code?: string } };

/** Postgres's SQLSTATE, kept so callers can tell a unique violation from other failures. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export class RemoteQueryError extends Error {
  override name = 'RemoteQueryError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
