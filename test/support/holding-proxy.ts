/**
 * Not part of the console: an HTTP proxy on loopback between a console and an upstream that can
 * hold the next request whose path contains a given text, so a test knows a request is in flight
 * (and keeps it there) while it stops the console. Everything else passes straight through.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';

export interface HoldingProxy {
  url: string;
  /** Resolves when a request containing `pathPart` has arrived and is being held. */
  holdNext(pathPart: string): Promise<void>;
  /** Resolves once any request containing `pathPart` has passed (or when one already has). */
  seen(pathPart: string): Promise<void>;
  /** Sends the held request on to the upstream. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  let hold: { pathPart: string; arrived: () => void } | null = null;
  let held: (() => void) | null = null;
  const paths: string[] = [];
  const watchers: Array<{ pathPart: string; resolve: () => void }> = [];

  const pass = (request: IncomingMessage, response: ServerResponse) => {
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  };

  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    for (const watcher of watchers.filter((candidate) => request.url?.includes(candidate.pathPart))) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
    if (hold && request.url?.includes(hold.pathPart)) {
      const { arrived } = hold;
      hold = null;
      held = () => pass(request, response);
      arrived();
      return;
    }
    pass(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen: (pathPart) =>
      new Promise((resolve) => {
        if (paths.some((path) => path.includes(pathPart))) resolve();
        else watchers.push({ pathPart, resolve });
      }),
    holdNext: (pathPart) => new Promise((resolve) => (hold = { pathPart, arrived: resolve })),
    release: () => {
      held?.();
      held = null;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
