import { connect, type Socket } from 'node:net';
import { RemoteQueryError, type SocketRequest, type SocketResponse } from './socket-protocol';
import type { Database } from './types';

/** How long one statement may take before the client gives up on the console. */
const QUERY_TIMEOUT_MS = 15_000;

/** The running console's database, through its socket; null when nothing answers there. */
export async function connectDatabaseSocket(socketPath: string, description: string): Promise<Database | null> {
  const socket: Socket | null = await new Promise((resolve) => {
    const candidate = connect(socketPath);
    candidate.once('connect', () => resolve(candidate));
    candidate.once('error', () => resolve(null));
  });
  if (!socket) return null;

  let nextId = 1;
  let buffered = '';
  const pending = new Map<
    number,
    { resolve: (rows: Record<string, unknown>[]) => void; reject: (error: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const response = JSON.parse(buffered.slice(0, newline)) as SocketResponse;
      buffered = buffered.slice(newline + 1);
      const waiter = pending.get(response.id);
      pending.delete(response.id);
      if (!waiter) continue;
      if ('error' in response) waiter.reject(new RemoteQueryError(response.error.message, response.error.code));
      else waiter.resolve(response.rows);
    }
  });
  socket.on('close', () => failAll(new Error('The console closed its database socket')));
  socket.on('error', (error) => failAll(error));

  return {
    kind: 'pglite-socket',
    description: `${description} (through the running console)`,
    query<T>(sql: string, params: readonly unknown[] = []) {
      const request: SocketRequest = { id: nextId++, sql, params: [...params] };
      return new Promise<T[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(request.id);
          reject(new Error(`The console did not answer within ${QUERY_TIMEOUT_MS / 1000} s`));
        }, QUERY_TIMEOUT_MS);
        pending.set(request.id, {
          resolve: (rows) => {
            clearTimeout(timer);
            resolve(rows as T[]);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        socket.write(`${JSON.stringify(request)}\n`);
      });
    },
    async close() {
      socket.end();
    },
  };
}
