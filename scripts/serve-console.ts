/**
 * The console's HTTP server: Next's request handler behind a plain Node server, so the client's
 * address comes from the socket (or a proxy in TRUSTED_PROXIES) rather than from whatever
 * `X-Forwarded-For` a client sends, and so that SIGTERM drains it (lib/server/graceful-stop.ts).
 * Run by scripts/console-server.ts (`npm start`, the browser tests) and by the standalone server.
 */
import { createServer } from 'node:http';
import { shutdownGraceMs } from '../lib/server/env-check';
import { GracefulStop } from '../lib/server/graceful-stop';
import { applyTrustedProxies, trustFromEnv } from '../lib/server/trusted-proxies';

type NextOptions = Parameters<typeof import('next').default>[0];

export interface ServeOptions {
  dev: boolean;
  /** The project folder, or the standalone folder. */
  dir: string;
  /** The standalone build's configuration (Next reads next.config.js otherwise). */
  conf?: NextOptions['conf'];
}

export async function serveConsole({ dev, dir, conf }: ServeOptions): Promise<{ url: string }> {
  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOST ?? '127.0.0.1';
  const trust = trustFromEnv(process.env.TRUSTED_PROXIES);
  // Loaded here, not at the top: the standalone server sets NODE_ENV and Next's configuration first.
  const { default: next } = await import('next');
  const app = next({ dev, turbopack: dev, hostname, port, dir, ...(conf ? { conf } : {}) });
  const handle = app.getRequestHandler();
  await app.prepare();
  const graceful = new GracefulStop({
    graceMs: shutdownGraceMs(),
    log: (line) => console.log(line),
    exit: (code) => process.exit(code),
  });
  const server = createServer(
    graceful.wrap((request, response) => {
      applyTrustedProxies(request, trust);
      void handle(request, response);
    }),
  );
  // Longer than common load balancers' idle timeouts, so they never reuse a socket we closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => resolve());
  });
  graceful.listenForSignals(server);
  return { url: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}` };
}
