/**
 * Not part of the console: a minimal server wired like scripts/console-server.ts (the same
 * GracefulStop, lifecycle, readiness, audit writer, database and shared state), for
 * lib/server/graceful-stop.test.ts, which sends it a real SIGTERM. Run with
 * `node --conditions=react-server --import tsx` so `server-only` imports resolve as in Next.
 *
 * Routes: `/slow` tells stdout `slow-started` and answers once a line arrives on stdin, then writes
 * an audit event after its response (the stop must wait for it); `/never` tells stdout `never-started` and never answers;
 * `/api/ready` is the console's readiness answer; anything else answers 200.
 */
import { createServer, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';
import { recordAuditEvent } from '../../lib/server/audit/record';
import { consoleDatabase } from '../../lib/server/db/shared';
import { shutdownGraceMs } from '../../lib/server/env-check';
import { GracefulStop } from '../../lib/server/graceful-stop';
import { readinessResponse } from '../../lib/server/readiness';
import { sharedStore } from '../../lib/server/shared-state';

const releases: Array<() => void> = [];
createInterface({ input: process.stdin }).on('line', () => releases.shift()?.());

async function send(response: ServerResponse, answer: Response): Promise<void> {
  response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
  response.end(await answer.text());
}

async function main(): Promise<void> {
  await consoleDatabase();
  await sharedStore().ping();
  const graceful = new GracefulStop({
    graceMs: shutdownGraceMs(),
    log: (line) => console.log(line),
    exit: (code) => process.exit(code),
  });
  const server = createServer(
    graceful.wrap((request, response) => {
      if (request.url === '/api/ready') {
        void readinessResponse().then((answer) => send(response, answer));
      } else if (request.url === '/slow') {
        releases.push(() => {
          response.end('slow done');
          void recordAuditEvent({
            actor: 'fixture',
            actorRole: 'admin',
            authMethod: 'password',
            operation: 'fixture.slow',
            targetType: null,
            targetId: null,
            targetName: null,
            outcome: 'success',
            status: 200,
            requestId: 'slow-request',
            errorCode: null,
            changes: null,
            clientAddress: null,
          });
        });
        console.log('slow-started');
      } else if (request.url === '/never') {
        console.log('never-started');
      } else {
        response.end('ok');
      }
    }),
  );
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
  });
  graceful.listenForSignals(server);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
