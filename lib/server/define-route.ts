import 'server-only';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { hasRole, roleOn, type Role, type SessionUser } from '@/lib/auth/roles';
import { auditWrite, type AuditNotes } from './audit/trail';
import { recordObjectRequest } from './history/record';
import { ApiError, errorResponse, internalError, newRequestId, validationError } from './errors';
import { log } from './log';
import { assertJsonContentType, assertSameOrigin, isMutation, readJsonBody } from './request-guards';
import { logRequest } from './request-log';
import { runWithRequestContext } from './request-context';
import { isOrganizationService, knownServiceName } from './service-membership';
import { userFromRequest } from './session';

/** What Next passes as the second argument of a route handler. */
export interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export type RouteHandler = (request: Request, context: NextRouteContext) => Promise<Response>;

export interface HandlerContext<P, B, U> {
  request: Request;
  user: U;
  params: P;
  body: B;
  requestId: string;
  /** A handler that knows its target's name (a delete's answer has none) sets `audit.targetName`. */
  audit: AuditNotes;
}

interface RouteSpec<P, B, U> {
  /** Zod object schema of the path parameters; every id is checked before it reaches a URL. */
  params?: $ZodType<P>;
  /** Zod schema of the JSON body; when given the request must carry one. */
  body?: $ZodType<B>;
  handler: (context: HandlerContext<P, B, U>) => Promise<Response> | Response;
}

export interface SessionRouteSpec<P, B> extends RouteSpec<P, B, SessionUser> {
  role: Role;
}

const NO_CONTEXT: NextRouteContext = { params: Promise.resolve({}) };

async function validParams<P>(schema: $ZodType<P>, context: NextRouteContext): Promise<P> {
  const raw = await context.params;
  const parsed = safeParse(schema, raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = issue?.path.map(String).join('.') || 'parameter';
  // Next has already decoded the segment, so `..%2F` is checked as `../` here.
  throw new ApiError(
    400,
    'INVALID_PARAMETER',
    `Path parameter "${name}" is invalid: ${issue?.message ?? 'unexpected value'}`,
  );
}

function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set('x-request-id', requestId);
    return response;
  } catch {
    // Headers of some responses (e.g. `Response.redirect`) are immutable; copy those.
    const headers = new Headers(response.headers);
    headers.set('x-request-id', requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * The service a request acts on, from its path (`…/services/{serviceId}/…`, the diagnosis routes'
 * `{svc}`): a per-service role there decides what the user may do.
 */
async function targetService(context: NextRouteContext): Promise<string | undefined> {
  const params = await paramsForLog(context);
  const value = params.serviceId ?? params.svc;
  return typeof value === 'string' ? value : undefined;
}

/** Next passes no params to a route without dynamic segments. */
async function paramsForLog(context: NextRouteContext): Promise<Record<string, string | string[] | undefined>> {
  try {
    return (await context.params) ?? {};
  } catch {
    return {};
  }
}

function build<P, B, U>(
  spec: RouteSpec<P, B, U>,
  authenticate: (request: Request, audit: AuditNotes, context: NextRouteContext) => Promise<U>,
  audited = false,
): RouteHandler {
  return (request, context = NO_CONTEXT) => {
    const requestId = newRequestId();
    // Log lines written anywhere while serving this request (an upstream failure) carry its id.
    return runWithRequestContext({ requestId, mutation: isMutation(request.method) }, () =>
      serve(spec, authenticate, audited, request, context, requestId),
    );
  };
}

async function serve<P, B, U>(
  spec: RouteSpec<P, B, U>,
  authenticate: (request: Request, audit: AuditNotes, context: NextRouteContext) => Promise<U>,
  audited: boolean,
  request: Request,
  context: NextRouteContext,
  requestId: string,
): Promise<Response> {
  const started = performance.now();
  const audit: AuditNotes = {};
  let response: Response;
  try {
    const user = await authenticate(request, audit, context);
    let rawBody: unknown;
    if (isMutation(request.method)) {
      assertSameOrigin(request);
      if (spec.body) {
        assertJsonContentType(request);
        rawBody = await readJsonBody(request);
      }
    }
    const params = spec.params ? await validParams(spec.params, context) : ({} as P);
    let body = undefined as B;
    if (spec.body) {
      const parsed = safeParse(spec.body, rawBody);
      if (!parsed.success) throw validationError(parsed.error);
      body = parsed.data;
      audit.body = body;
    }
    response = withRequestId(await spec.handler({ request, user, params, body, requestId, audit }), requestId);
  } catch (error) {
    if (error instanceof ApiError) response = errorResponse(error, requestId);
    else {
      log.error(
        { err: error, requestId, method: request.method, path: new URL(request.url).pathname },
        'route handler failed',
      );
      response = errorResponse(internalError(), requestId);
    }
  }
  if (audited) {
    // Versions of what a write changed (its one-line summary is the audit log's changes), and
    // changes made outside Sluice noticed on a read.
    const summary = await recordObjectRequest(request, requestId, audit.user, response);
    if (summary) audit.changes = summary;
    // Every write by a signed-in user, whatever its outcome, goes to the audit log.
    response = await auditWrite(request, requestId, audit, response);
  }
  logRequest({
    request,
    params: await paramsForLog(context),
    status: response.status,
    started,
    user: audit.user?.name,
    requestId,
  });
  return response;
}

/** "service Staging (id)", or "service id" where the organization's list has no name for it. */
function serviceNamed(serviceId: string): string {
  const name = knownServiceName(serviceId);
  return name ? `service ${name} (${serviceId})` : `service ${serviceId}`;
}

/**
 * A route handler behind the console's guards, in this order: session (401), a service path
 * parameter naming a service of the organization (404), role (403), for
 * mutations same-origin (403), JSON content type (415), size (413) and depth (400), then path
 * parameters and body validated with zod (400), then `handler`.
 */
export function defineRoute<P = Record<string, never>, B = undefined>(spec: SessionRouteSpec<P, B>): RouteHandler {
  return build<P, B, SessionUser>(
    spec,
    async (request, audit, context) => {
      const user = await userFromRequest(request);
      if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to continue');
      audit.user = user;
      const serviceId = await targetService(context);
      // A foreign or unknown service is not there at all, whatever the user's roles.
      if (serviceId !== undefined && (await isOrganizationService(serviceId)) === false)
        throw new ApiError(404, 'SERVICE_NOT_FOUND', `No such service in this organization: ${serviceId}`);
      const role = roleOn(user, serviceId);
      if (!hasRole(role, spec.role)) {
        const message =
          serviceId === undefined
            ? `This needs the ${spec.role} role; you are signed in as ${user.role}`
            : `This needs the ${spec.role} role on ${serviceNamed(serviceId)}; you are ${role} there`;
        throw new ApiError(403, 'FORBIDDEN', message);
      }
      return user;
    },
    true,
  );
}

/** The same guards without a session: sign-in, sign-out and health. */
export function definePublicRoute<P = Record<string, never>, B = undefined>(spec: RouteSpec<P, B, null>): RouteHandler {
  return build<P, B, null>(spec, async () => null);
}
