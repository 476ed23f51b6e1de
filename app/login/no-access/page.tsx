import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { SignInCard } from '@/components/session/sign-in-card';
import { buttonClassName } from '@/components/ui/button';
import { REFUSAL_COOKIE } from '@/lib/server/oidc/flow';
import { readSealedCookie } from '@/lib/server/oidc/sealed-cookie';
import { oidcSettings } from '@/lib/server/oidc/settings';
import styles from '../login.module.css';

export const metadata: Metadata = { title: 'No access' };

/** A route handler that redirects to the provider: a plain link (full navigation), not a client-side one. */
const ANOTHER_ACCOUNT = '/api/auth/oidc/start?prompt=login';

/** Where single sign-on lands someone the role map gives no role: who they are, and why they are out. */
export default async function NoAccessPage() {
  const settings = oidcSettings();
  const store = await cookies();
  const refusal = await readSealedCookie(REFUSAL_COOKIE, store.get(REFUSAL_COOKIE.name)?.value);
  const provider = settings?.providerName ?? 'single sign-on';

  return (
    <SignInCard>
      <section className={styles.ssoOnly} aria-labelledby="no-access-title">
        <h1 id="no-access-title" className={styles.title}>
          No access to this console
        </h1>
        {refusal ? (
          <>
            <p>
              {provider} signed you in as <strong>{refusal.name}</strong>, but none of your {refusal.claim}{' '}
              {refusal.values.length > 0 ? <>({refusal.values.join(', ')})</> : '(you have none)'} gives a role in
              Sluice.
            </p>
            <p className={styles.muted}>
              Ask an administrator to add you to a group that has access, then sign in again.
            </p>
          </>
        ) : (
          <p>Your account has no role in Sluice. Ask an administrator for access, then sign in again.</p>
        )}
        {settings && (
          <a className={buttonClassName('primary')} href={ANOTHER_ACCOUNT}>
            Sign in with another account
          </a>
        )}
        <Link className={buttonClassName('secondary')} href="/login">
          Back to sign-in
        </Link>
      </section>
    </SignInCard>
  );
}
