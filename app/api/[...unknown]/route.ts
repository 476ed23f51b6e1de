import { ApiError, errorResponse } from '@/lib/server/errors';

/**
 * Not a passthrough: every API path outside the explicit route table answers a JSON 404 in the
 * BFF's error shape (instead of Next's HTML page) and never reaches an upstream.
 */
function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  return errorResponse(new ApiError(404, 'NOT_FOUND', `No such API route: ${request.method} ${pathname}`));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
