import { definePublicRoute } from '@/lib/server/define-route';
import { finishSsoSignIn } from '@/lib/server/oidc/flow';

/** Where the identity provider sends the browser back with the authorization code. */
export const GET = definePublicRoute({ handler: ({ request, requestId }) => finishSsoSignIn(request, requestId) });
