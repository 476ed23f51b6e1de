import 'server-only';
import { neutralPath } from '@/lib/contract/names';
import type { SanitizeOptions } from '../sanitize';
import { cloudCall, cloudProxy, cloudRequest, type CallOptions, type CloudEnvelope } from './cloud';
import type { HttpMethod, UpstreamResult } from './http';
import { observabilityCall, observabilityListAll, observabilityProxy, observabilityRequest } from './observability';
import type { paths as CloudPaths } from './types/cloud-api';
import type { paths as ObservabilityPaths } from './types/observability-api';

/**
 * Upstream calls typed by the vendors' published documents (lib/server/upstream/types/, generated
 * by `npm run types:upstream`): the path is the document's template, the method one it defines for
 * that path, the path parameters, the body and the answer its types. A wrong path, method,
 * parameter or field name fails the type-check (typed.type-test.ts shows each).
 */

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The paths of a document that define `method`: an absent method is generated as `method?: never`. */
export type PathsWith<Paths, M extends Method> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: object } ? P : never;
}[keyof Paths] &
  string;

type OperationOf<Paths, P extends keyof Paths, M extends Method> = Paths[P] extends { [K in M]: infer O } ? O : never;

/** The path parameters an operation takes, by name. */
export type PathParams<O> = O extends { parameters: { path: infer X } } ? (X extends object ? X : never) : never;
/** The JSON body an operation takes. */
export type RequestBody<O> = O extends { requestBody?: infer R } ? JsonContent<R> : never;
/** An operation without a body is generated as `requestBody?: never`, which gives never here, not unknown. */
type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON an operation answers with on success. */
export type SuccessAnswer<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201 | 202
        ? R[S] extends { content: { 'application/json': infer A } }
          ? A
          : never
        : never;
    }[keyof R]
  : never;

declare const asSentBrand: unique symbol;
/**
 * A body the BFF passes on as its own schema checked it, in the console's dialect (the upstream
 * client translates it to the service's names): the path and method stay typed, the body is not
 * held to the document's types. Only an operation that takes a body accepts one.
 */
export type AsSent = { readonly [asSentBrand]: true };
export const asSent = (body: unknown): AsSent => body as AsSent;

type ParamsPart<O> = [PathParams<O>] extends [never] ? { params?: undefined } : { params: PathParams<O> };

/** What a call passes besides method and path: parameters when the path has some, a body when the operation takes one. */
export type TypedRequest<O> = ParamsPart<O> &
  ([RequestBody<O>] extends [never] ? { body?: undefined } : { body?: RequestBody<O> | AsSent });

const HTTP_METHOD: Record<Method, HttpMethod> = {
  get: 'GET',
  put: 'PUT',
  post: 'POST',
  delete: 'DELETE',
  patch: 'PATCH',
};

/**
 * The document's path with each `{name}` filled in and encoded (so an id never adds a path level),
 * in the console's own dialect: the upstream client turns it back into the service's names.
 */
export function fillPath(template: string, params: Readonly<Record<string, string>> = {}): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for the path parameter ${name} of ${template}`);
    return encodeURIComponent(value);
  });
  return neutralPath(filled);
}

type CloudOperation<M extends Method, P extends PathsWith<CloudPaths, M>> = OperationOf<CloudPaths, P, M>;

/** The cloud surface, typed by its published document. */
export const cloudApi = {
  /** The parsed, sanitized envelope, for server code. */
  async request<M extends Method, P extends PathsWith<CloudPaths, M>>(
    method: M,
    path: P,
    request: TypedRequest<CloudOperation<M, P>>,
  ): Promise<SuccessAnswer<CloudOperation<M, P>> & CloudEnvelope<unknown>> {
    const answer = await cloudRequest<unknown>(HTTP_METHOD[method], fillPath(path, request.params), request.body);
    return answer as SuccessAnswer<CloudOperation<M, P>> & CloudEnvelope<unknown>;
  },
  /** The raw upstream answer, for routes that look at it before passing it on. */
  call<M extends Method, P extends PathsWith<CloudPaths, M>>(
    method: M,
    path: P,
    request: TypedRequest<CloudOperation<M, P>>,
    options?: CallOptions,
  ): Promise<UpstreamResult> {
    return cloudCall(HTTP_METHOD[method], fillPath(path, request.params), request.body, options);
  },
  /** The answer for the browser as it came, credentials removed. */
  proxy<M extends Method, P extends PathsWith<CloudPaths, M>>(
    method: M,
    path: P,
    request: TypedRequest<CloudOperation<M, P>>,
    options?: SanitizeOptions,
  ): Promise<Response> {
    return cloudProxy(HTTP_METHOD[method], fillPath(path, request.params), request.body, options);
  },
  /** The filled path alone, for code that reaches the upstream through the client itself (page reads, scrapes). */
  path<M extends Method, P extends PathsWith<CloudPaths, M>>(
    _method: M,
    path: P,
    request: ParamsPart<CloudOperation<M, P>>,
  ): string {
    return fillPath(path, request.params);
  },
};

type ObservabilityOperation<M extends Method, P extends PathsWith<ObservabilityPaths, M>> = OperationOf<
  ObservabilityPaths,
  P,
  M
>;

/** The document's paths start with `/api`, which observability.ts adds itself. */
const afterApi = (path: string) => path.replace(/^\/api(?=\/)/, '');

/** The observability surface, typed by its published document. */
export const observabilityApi = {
  /** The parsed, sanitized answer, for server code. */
  async request<M extends Method, P extends PathsWith<ObservabilityPaths, M>>(
    method: M,
    path: P,
    request: TypedRequest<ObservabilityOperation<M, P>>,
  ): Promise<SuccessAnswer<ObservabilityOperation<M, P>>> {
    return observabilityRequest(HTTP_METHOD[method], afterApi(fillPath(path, request.params)), request.body);
  },
  /** The raw upstream answer, for routes that look at it before passing it on. */
  call<M extends Method, P extends PathsWith<ObservabilityPaths, M>>(
    method: M,
    path: P,
    request: TypedRequest<ObservabilityOperation<M, P>>,
    options?: CallOptions,
  ): Promise<UpstreamResult> {
    return observabilityCall(HTTP_METHOD[method], afterApi(fillPath(path, request.params)), request.body, options);
  },
  /** The answer for the browser as it came, credentials removed; `read`: a POST that only reads (paced, cached and coalesced like a GET). */
  proxy<M extends Method, P extends PathsWith<ObservabilityPaths, M>>(
    method: M,
    path: P,
    request: TypedRequest<ObservabilityOperation<M, P>>,
    options?: { read?: boolean },
  ): Promise<Response> {
    return observabilityProxy(HTTP_METHOD[method], afterApi(fillPath(path, request.params)), request.body, options);
  },
  /** A whole paged list (every page of `limit`/`offset`), for the browser. */
  listAll<P extends PathsWith<ObservabilityPaths, 'get'>>(
    path: P,
    request: ParamsPart<ObservabilityOperation<'get', P>>,
  ): Promise<Response> {
    return observabilityListAll(afterApi(fillPath(path, request.params)));
  },
  /** The filled path alone, `/api` included, for code that reaches the upstream through the client itself (page reads). */
  path<M extends Method, P extends PathsWith<ObservabilityPaths, M>>(
    _method: M,
    path: P,
    request: ParamsPart<ObservabilityOperation<M, P>>,
  ): string {
    return fillPath(path, request.params);
  },
};
