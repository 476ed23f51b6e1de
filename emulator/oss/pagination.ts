import { HttpError } from '../http/errors';
import { ossValidationMessage } from '../observability/issues';
import type { OssContext } from './context';

const LIMIT_MAX = 1000;

function integerParam(ctx: OssContext, name: string, min: number, max: number, fallback: number): number {
  const raw = ctx.query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    const message = ossValidationMessage('Query', [
      { path: [name], message: `Expected an integer from ${min} to ${max}` },
    ]);
    throw new HttpError(400, message, { json: { message } });
  }
  return value;
}

/** A list page as the real list endpoints answer it: `{data, meta: {total, limit, offset}}`. */
export function listPage<T>(
  ctx: OssContext,
  items: readonly T[],
): { data: T[]; meta: { total: number; limit: number; offset: number } } {
  const limit = integerParam(ctx, 'limit', 1, LIMIT_MAX, LIMIT_MAX);
  const offset = integerParam(ctx, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  return { data: items.slice(offset, offset + limit), meta: { total: items.length, limit, offset } };
}
