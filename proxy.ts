import { NextResponse, type NextRequest } from 'next/server';
import { loginHref } from '@/lib/api/session/login-href';
import { SESSION_COOKIE } from '@/lib/auth/session-cookie';

/**
 * Sends a visitor without any session cookie straight to the sign-in page, so console pages do not
 * flash before the redirect. Only a convenience: the console layout and every route handler check
 * the session themselves (a cookie's presence proves nothing).
 */
export function proxy(request: NextRequest): NextResponse {
  if (request.cookies.has(SESSION_COOKIE)) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  return NextResponse.redirect(new URL(loginHref(`${pathname}${search}`), request.url));
}

export const config = {
  // Console pages only: not the API, /metrics, the sign-in page, Next's assets or public files.
  matcher: ['/((?!api/|metrics|login|_next/|icon\\.svg|favicon\\.ico|robots\\.txt).*)'],
};
