import { defineRoute, definePublicRoute } from '@/lib/server/define-route';
import { signInSchema } from '@/lib/schemas/session';
import { signIn, signOut, whoAmI } from '@/lib/server/sign-in';

export const POST = definePublicRoute({
  body: signInSchema,
  handler: ({ request, body, requestId }) => signIn(request, body, requestId),
});
export const GET = defineRoute({ role: 'viewer', handler: ({ user }) => whoAmI(user) });
export const DELETE = definePublicRoute({ handler: ({ request, requestId }) => signOut(request, requestId) });
