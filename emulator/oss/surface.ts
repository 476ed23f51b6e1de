import { STATUS_CODES } from 'node:http';
import { HttpError, MalformedBodyError } from '../http/errors';
import { json, text, type Reply } from '../http/respond';
import type { RequestContext, Surface } from '../server';
import { createBearerCheck } from './auth';
import { createOssRouter } from './routes';

function errorReply(status: number, message?: string): Reply {
  if (message === undefined && status === 401) return text('Unauthorized', 401);
  if (message === undefined && status === 404) return text('Not Found', 404);
  return json({ message: message ?? STATUS_CODES[status] ?? 'Error' }, status);
}

export function createOssSurface(apiKey: string): Surface {
  const router = createOssRouter();
  const checkBearer = createBearerCheck(apiKey);
  return {
    name: 'observability',
    async handle(ctx: RequestContext): Promise<Reply> {
      try {
        checkBearer(ctx);
        const match = router.match(ctx.method, ctx.path);
        if (!match) return text('Not Found', 404);
        return await match.handler({ ...ctx, params: match.params });
      } catch (error) {
        if (error instanceof MalformedBodyError) return json({ message: `Invalid JSON body: ${error.message}` }, 400);
        if (!(error instanceof HttpError)) throw error;
        if (error.reply && 'json' in error.reply) return json(error.reply.json, error.status);
        if (error.reply && 'text' in error.reply) return text(error.reply.text, error.status);
        return errorReply(error.status, error.message);
      }
    },
    errorReply,
    rateLimitReply: (limit, resetSeconds) =>
      text('Too many requests, please try again later.', 429, {
        'X-RateLimit-Limit': limit,
        'X-RateLimit-Remaining': 0,
        'X-RateLimit-Reset': resetSeconds,
      }),
    truncatedBody: () => '{"data":[{"id":"6791a2b3c4d5e6f7a8b9c0d1","name":"Serv',
  };
}
