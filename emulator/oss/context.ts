import { HttpError } from '../http/errors';
import type { Reply } from '../http/respond';
import type { Router } from '../http/router';
import { ossValidationMessage, type FieldIssue } from '../observability/issues';
import { isValidId } from '../observability/schemas';
import type { RequestContext } from '../server';

export interface OssContext extends RequestContext {
  params: Record<string, string>;
}

export type OssHandler = (ctx: OssContext) => Reply | Promise<Reply>;
export type OssRouter = Router<OssHandler>;

export const API = '/api/v2';

export const notFoundText = () => new HttpError(404, 'Not Found', { text: 'Not Found' });

export function bodyInvalid(issues: FieldIssue[]): HttpError {
  const message = ossValidationMessage('Body', issues);
  return new HttpError(400, message, { json: { message } });
}

/** Path ids are object ids; anything else fails the way the real params validator does. */
export function objectIdParam(ctx: OssContext, name = 'id'): string {
  const value = ctx.params[name] ?? '';
  if (!isValidId('objectId', value)) {
    const message = ossValidationMessage('Params', [{ path: [name], message: 'Invalid ObjectId' }]);
    throw new HttpError(400, message, { json: { message } });
  }
  return value;
}
