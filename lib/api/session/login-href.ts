/** `/login?next=<current page>` so signing in again returns the person to where they were. */
export function loginHref(nextPath?: string): string {
  if (!nextPath || nextPath === '/' || nextPath.startsWith('/login')) return '/login';
  return `/login?next=${encodeURIComponent(nextPath)}`;
}

export function redirectToLogin(): void {
  if (typeof window === 'undefined' || window.location.pathname.startsWith('/login')) return;
  window.location.assign(loginHref(`${window.location.pathname}${window.location.search}`));
}
