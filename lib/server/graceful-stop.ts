import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { isDraining, runShutdownSteps, startDraining } from './lifecycle';

/**
 * The console server's stop on SIGTERM (or SIGINT): `/api/ready` answers 503 at once so a load
 * balancer drains this instance, other new requests are refused with 503, the requests in flight
 * finish (up to the grace period), then pending audit writes land, Redis and the database close,
 * and the process exits 0. Used by scripts/console-server.ts and the standalone server alike.
 */
export interface GracefulStopOptions {
  /** How long requests in flight may take once the stop begins (`SHUTDOWN_GRACE_MS`). */
  graceMs: number;
  log: (line: string) => void;
  exit: (code: number) => void;
}

/** Probes still reach the app while draining: /api/ready must be able to say 503. */
const PROBES = new Set(['/api/ready', '/api/health']);

const STOPPING_BODY = JSON.stringify({
  status: 503,
  error: 'This console instance is stopping; try again.',
  code: 'SHUTTING_DOWN',
  requestId: null,
});

function pathOf(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export class GracefulStop {
  private inFlight = 0;
  private onIdle: (() => void) | null = null;
  private stopping: Promise<void> | null = null;

  constructor(private readonly options: GracefulStopOptions) {}

  /** The server's handler, counting the requests it takes and refusing new ones once stopping. */
  wrap(handle: RequestListener): RequestListener {
    return (request: IncomingMessage, response: ServerResponse) => {
      if (isDraining()) {
        // Clients reconnect (to another instance) rather than reuse this connection.
        response.shouldKeepAlive = false;
        if (!PROBES.has(pathOf(request))) {
          response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end(STOPPING_BODY);
          return;
        }
      }
      this.inFlight += 1;
      response.once('close', () => {
        this.inFlight -= 1;
        if (this.inFlight === 0) this.onIdle?.();
      });
      handle(request, response);
    };
  }

  /** Stops on SIGTERM and SIGINT; a second signal while stopping changes nothing. */
  listenForSignals(server: Server): void {
    const begin = (signal: string) => {
      this.options.log(
        `${signal}: stopping (new requests refused, /api/ready 503); waiting up to ${this.options.graceMs} ms for ${this.inFlight} request(s) in flight`,
      );
      void this.stop(server);
    };
    process.on('SIGTERM', () => begin('SIGTERM'));
    process.on('SIGINT', () => begin('SIGINT'));
  }

  stop(server: Server): Promise<void> {
    this.stopping ??= this.run(server);
    return this.stopping;
  }

  private async run(server: Server): Promise<void> {
    startDraining();
    const finished = await this.requestsFinished();
    if (!finished)
      this.options.log(
        `${this.inFlight} request(s) still running after ${this.options.graceMs} ms: closing their connections`,
      );
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    const done = await runShutdownSteps((name, error) =>
      this.options.log(`stopping: ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.options.log(`stopped${done.length > 0 ? ` (${done.join(', ')})` : ''}`);
    this.options.exit(0);
  }

  private requestsFinished(): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), this.options.graceMs);
      this.onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}
