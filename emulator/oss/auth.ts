import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors';
import type { RequestContext } from '../server';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Bearer personal API key; any failure is a bare plain-text 401, as the real server answers. */
export function createBearerCheck(apiKey: string): (ctx: RequestContext) => void {
  const expected = digest(apiKey);
  return (ctx) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected))
      throw new HttpError(401, 'Unauthorized', { text: 'Unauthorized' });
  };
}
