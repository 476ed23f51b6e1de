/**
 * What the console needs before its server starts, shared by `npm start` and the standalone server
 * (scripts/standalone-server.ts): every variable checked (one line per problem, then exit 1), the
 * session secret, the sign-in settings and the database.
 */
import { resolveSessionSecret } from '../lib/local/session-secret';
import { UsersStore } from '../lib/local/users-store';
import { importUsersFile, IMPORTED_SUFFIX } from '../lib/local/users-file-import';
import { openDatabase } from '../lib/server/db/open';
import { isDirect } from '../lib/server/db/types';
import { problemLine, type ConfigProblem } from '../lib/server/env-check';
import { checkSignInSettings, type OidcSettings } from '../lib/server/oidc/settings';

export interface SignInInfo {
  oidc: OidcSettings | null;
  localUsers: boolean;
  generatedPassword?: string;
}

/**
 * Opens the database before anything else starts, so a wrong DATABASE_URL or an unusable data
 * folder stops `npm start` here with a message naming the variable; migrates it, imports an earlier
 * version's users file once, and makes sure the built-in admin can sign in. Closed again before the
 * console opens it (PGlite takes one process at a time).
 */
async function prepareDatabase(localUsers: boolean): Promise<{ generatedPassword?: string }> {
  // Not through a running console: a second console on the same data folder must stop here.
  const db = await openDatabase({ role: 'tool', shareRunning: false });
  try {
    console.log(`Database: ${db.description}`);
    if (isDirect(db)) {
      const imported = await importUsersFile(db);
      if (imported)
        console.log(
          `Imported ${imported.imported} user(s) from ${imported.file} (kept as ${imported.file}${IMPORTED_SUFFIX})`,
        );
    }
    return localUsers ? await new UsersStore(db).ensureAdminPassword() : {};
  } finally {
    await db.close();
  }
}

export function printSignIn(env: NodeJS.ProcessEnv, { oidc, localUsers, generatedPassword }: SignInInfo): void {
  if (oidc) console.log(`Single sign-on: "Sign in with ${oidc.providerName}" (${oidc.issuer.href}).`);
  if (!localUsers) {
    console.log('Local users are off (LOCAL_USERS=off): everyone signs in with single sign-on.');
    return;
  }
  if (env.CONSOLE_ADMIN_PASSWORD) {
    console.log('Sign in as "admin" with the password in CONSOLE_ADMIN_PASSWORD.');
  } else if (generatedPassword) {
    console.log(`Sign in as "admin" with this generated password (shown only now): ${generatedPassword}`);
    console.log('Change it with `npm run users -- passwd admin`, or set CONSOLE_ADMIN_PASSWORD.');
  } else {
    console.log('Sign in as "admin" with the password printed on the first start');
    console.log('(forgot it? `npm run users -- passwd admin`, or set CONSOLE_ADMIN_PASSWORD).');
  }
  console.log('Add more users with `npm run users -- add NAME --role viewer|editor|admin`.');
}

/** Checks and prepares, in `env` (which receives the session secret); exits 1 on a configuration problem. */
export async function prepareConsole(
  env: NodeJS.ProcessEnv,
  check: (env: NodeJS.ProcessEnv) => Promise<ConfigProblem[]>,
): Promise<SignInInfo> {
  // Every variable first, so a malformed one stops the start here with one line naming it.
  const problems = await check(env);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problemLine(problem));
    process.exit(1);
  }
  if (env.REDIS_URL?.trim()) console.log('Shared state: Redis (it answers)');
  env.SESSION_SECRET = resolveSessionSecret();
  const { oidc, localUsers } = checkSignInSettings(env);
  const { generatedPassword } = await prepareDatabase(localUsers);
  return { oidc, localUsers, generatedPassword };
}
