import type { Router } from '../http/router';
import type { RequestContext } from '../server';
import type { ApiKey } from '../state';
import type { Access } from './auth';

export interface CloudContext extends RequestContext {
  params: Record<string, string>;
  /** The authenticated key making the call. */
  key: ApiKey;
}

/** What a handler returns is the envelope's `result` (or `NO_RESULT`); errors are thrown `HttpError`s. */
export type CloudHandler = (ctx: CloudContext) => unknown;

export interface CloudRoute {
  access: Access;
  handler: CloudHandler;
}

export type CloudRouter = Router<CloudRoute>;

export const route = (access: Access, handler: CloudHandler): CloudRoute => ({ access, handler });

export const ORG = '/v1/organizations/:organizationId';
export const SERVICE = `${ORG}/services/:serviceId`;
