import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving one BFF request should carry. */
export interface RequestContext {
  requestId: string;
  /** The request changes something (POST, PUT, PATCH, DELETE): the reads it makes go with its write. */
  mutation?: boolean;
}

// On globalThis: a module loaded twice must still read what define-route stored.
const SLOT = Symbol.for('sluice.request-context');
type Holder = { [SLOT]?: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as Holder;
  holder[SLOT] ??= new AsyncLocalStorage<RequestContext>();
  return holder[SLOT];
}

export function runWithRequestContext<T>(context: RequestContext, task: () => T): T {
  return storage().run(context, task);
}

/** The requestId the user sees for the request being served, if any. */
export function currentRequestId(): string | undefined {
  return storage().getStore()?.requestId;
}

/**
 * Whether the request being served is a person's change: the upstream reads it makes on the way
 * (a guard's check, the state kept for history) are part of that write, paced with its priority.
 */
export function servingMutation(): boolean {
  return storage().getStore()?.mutation === true;
}
