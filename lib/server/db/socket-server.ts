import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { sqlState, type SocketRequest, type SocketResponse } from './socket-protocol';
import type { Queryable } from './types';

/** Unix socket paths are limited to about 107 bytes; a longer data folder just goes without the socket. */
export const MAX_SOCKET_PATH = 100;

function answer(socket: Socket, response: SocketResponse): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(response)}\n`);
}

async function handleLine(db: Queryable, socket: Socket, line: string): Promise<void> {
  let request: SocketRequest;
  try {
    request = JSON.parse(line) as SocketRequest;
    if (typeof request.id !== 'number' || typeof request.sql !== 'string' || !Array.isArray(request.params))
      throw new Error('bad request');
  } catch {
    socket.destroy();
    return;
  }
  try {
    answer(socket, { id: request.id, rows: await db.query(request.sql, request.params) });
  } catch (error) {
    answer(socket, {
      id: request.id,
      error: { message: error instanceof Error ? error.message : String(error), code: sqlState(error) },
    });
  }
}

/**
 * Serves `db` on `socketPath` (owner-only, inside the owner-only data folder): whoever can use the
 * socket can already read the database files. Returns a closer, or null when the path is too long.
 */
export async function serveDatabase(db: Queryable, socketPath: string): Promise<(() => Promise<void>) | null> {
  if (socketPath.length > MAX_SOCKET_PATH) return null;
  try {
    unlinkSync(socketPath);
  } catch {
    // Nothing left over from an earlier run.
  }
  const server: Server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line) void handleLine(db, socket, line);
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  server.unref();
  const removeFile = () => {
    try {
      unlinkSync(socketPath);
    } catch {
      // Already gone.
    }
  };
  // A server stopped by a signal leaves no socket file behind either.
  process.once('exit', removeFile);
  return () =>
    new Promise<void>((resolve) => {
      process.off('exit', removeFile);
      server.close(() => resolve());
      removeFile();
    });
}
