import { definePublicRoute } from '@/lib/server/define-route';
import { startSsoSignIn } from '@/lib/server/oidc/flow';

/** A top-level navigation from the sign-in page's "Sign in with …" link. */
export const GET = definePublicRoute({ handler: ({ request }) => startSsoSignIn(request) });
