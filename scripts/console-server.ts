/**
 * The console's HTTP server: Next's request handler behind a plain Node server, so the client's
 * address comes from the socket (or a proxy in TRUSTED_PROXIES) rather than from whatever
 * `X-Forwarded-For` a client sends, and so that SIGTERM drains it (lib/server/graceful-stop.ts).
 * `npm start` runs it; so do the browser tests.
 */
import { createServer } from 'node:http';
import next from 'next';
import { shutdownGraceMs } from '../lib/server/env-check';
import { GracefulStop } from '../lib/server/graceful-stop';
import { applyTrustedProxies, trustFromEnv } from '../lib/server/trusted-proxies';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOST ?? '127.0.0.1';
  const dev = process.argv.includes('--dev');
  const trust = trustFromEnv(process.env.TRUSTED_PROXIES);
  const app = next({ dev, turbopack: dev, hostname, port, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  const graceful = new GracefulStop({ graceMs: shutdownGraceMs(), log: (line) => console.log(line), exit: (code) => process.exit(code) });
  const server = createServer(
    graceful.wrap((request, response) => {
      applyTrustedProxies(request, trust);
      void handle(request, response);
    }),
  );
  // Longer than common load balancers' idle timeouts, so they never reuse a socket we closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname);
  graceful.listenForSignals(server);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
