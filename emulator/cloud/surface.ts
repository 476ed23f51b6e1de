import { HttpError, MalformedBodyError } from '../http/errors';
import { json, text, type Reply } from '../http/respond';
import { newUuid } from '../prng';
import type { RequestContext, Surface } from '../server';
import { authenticate, authorize } from './auth';
import { failure, PlainTextResult, success } from './envelope';
import type { PipeRouteOptions } from './pipes/routes';
import { handleQueryHost, QUERY_HOST_PATH } from './query-host';
import { createCloudRouter } from './routes';

export function createCloudSurface(options: PipeRouteOptions = {}): Surface {
  const router = createCloudRouter(options);
  return {
    name: 'cloud',
    async handle(ctx: RequestContext): Promise<Reply> {
      // The query host shares the cloud surface's port; it answers in its own shapes.
      const queryHost = QUERY_HOST_PATH.exec(ctx.path);
      if (queryHost) return handleQueryHost(ctx, decodeURIComponent(queryHost[1]!));
      try {
        const key = authenticate(ctx);
        const match = router.match(ctx.method, ctx.path);
        if (!match) throw new HttpError(404, `no resource at ${ctx.method} ${ctx.path}`);
        authorize(key, match.handler.access);
        const result = await match.handler.handler({ ...ctx, params: match.params, key });
        return result instanceof PlainTextResult ? text(result.text) : success(result);
      } catch (error) {
        if (error instanceof MalformedBodyError)
          return failure(400, `request body is not valid JSON (${error.message})`);
        if (!(error instanceof HttpError)) throw error;
        if (error.reply && 'json' in error.reply) return json(error.reply.json, error.status);
        if (error.reply && 'text' in error.reply) return text(error.reply.text, error.status);
        return failure(error.status, error.message);
      }
    },
    errorReply: (status, message) => failure(status, message),
    rateLimitReply: (limit, resetSeconds) =>
      failure(429, `rate limit exceeded: at most ${limit} requests per ${resetSeconds} seconds for this API key`, {
        'X-RateLimit-Limit': limit,
        'X-RateLimit-Remaining': 0,
        'X-RateLimit-Reset': resetSeconds,
      }),
    // The query host is another host upstream (queries.…): the cloud API's 10-per-10-s budget is not its.
    unbudgeted: (path) => QUERY_HOST_PATH.test(path),
    truncatedBody: () => `{"status":200,"requestId":"${newUuid()}","result":{"id":"${newUuid().slice(0, 13)}`,
  };
}
