import 'server-only';
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { Agent, type Dispatcher } from 'undici';

/**
 * Knows when a call failed because the upstream had closed a pooled connection just as the call was
 * sent on it. A server (or a load balancer in front of it) closes an idle keep-alive connection on
 * its own clock; when its close is still on the way while a call that waited in the budget queue is
 * written on that connection, the call meets a reset ("other side closed", ECONNRESET, EPIPE) before
 * a single byte of answer. The upstream never read it, so even a write may go again, on a fresh
 * connection. A call on a new connection, or one that got any answer, may have been received and is
 * never sent twice.
 */

/** What undici reports when the other side closed the connection under a call. */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

interface AttemptState {
  /** Whether the connection had carried a call before this one; unknown until the headers go out. */
  reused: boolean;
  answered: boolean;
}

/** How many calls each pooled connection has carried. */
const uses = new WeakMap<Socket, number>();
/**
 * The call undici is writing now. undici announces a call on its connection (`onRequestStart`) and
 * publishes its headers with the socket in the same synchronous step, so the two meet here.
 */
let starting: AttemptState | undefined;
const unsent = new WeakSet<object>();

subscribe('undici:client:sendHeaders', (message) => {
  const { socket } = message as { socket: Socket };
  const count = uses.get(socket) ?? 0;
  uses.set(socket, count + 1);
  if (starting) {
    starting.reused = count > 0;
    starting = undefined;
  }
});

function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** An undici interceptor marking the failures of calls the upstream closed a reused connection on before answering. */
export const trackConnectionReuse: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const state: AttemptState = { reused: false, answered: false };
  return dispatch(options, {
    onRequestStart(controller, context) {
      starting = state;
      handler.onRequestStart?.(controller, context);
    },
    onRequestUpgrade: (...args) => handler.onRequestUpgrade?.(...args),
    onResponseStart(...args) {
      state.answered = true;
      return handler.onResponseStart?.(...args);
    },
    onResponseData: (...args) => handler.onResponseData?.(...args),
    onResponseEnd: (...args) => handler.onResponseEnd?.(...args),
    onResponseError(controller, error) {
      if (state.reused && !state.answered && CLOSED_CODES.has(errorCode(error) ?? '') && typeof error === 'object')
        unsent.add(error);
      handler.onResponseError?.(controller, error);
    },
  });
};

/** True when the call surely never reached the upstream: it may be sent again, write or not. */
export function closedBeforeSending(error: unknown): boolean {
  return typeof error === 'object' && error !== null && unsent.has(error);
}

/** A pool of keep-alive connections to upstreams whose failures say whether a call was never read. */
export function pooledAgent(options: Agent.Options): Dispatcher {
  return new Agent(options).compose(trackConnectionReuse);
}

/** A single new connection for one call sent again; the caller closes it once the answer is read. */
export function freshConnection(): Dispatcher {
  return new Agent({ connections: 1, connect: { timeout: 5_000 } }).compose(trackConnectionReuse);
}
