import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/session/sign-in-form';
import { SignInCard } from '@/components/session/sign-in-card';
import { SsoSignIn } from '@/components/session/sso-sign-in';
import { isSsoErrorCode, ssoErrorMessage } from '@/lib/auth/sso-errors';
import { providerStatus } from '@/lib/server/oidc/provider';
import { localUsersEnabled, oidcSettings, type OidcSettings } from '@/lib/server/oidc/settings';
import { currentUser } from '@/lib/server/session';
import { safeNextPath } from '@/lib/schemas/session';
import styles from './login.module.css';

export const metadata: Metadata = { title: 'Sign in' };

interface LoginPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The single sign-on button and what is wrong with it, if anything: the provider now, or the last attempt. */
async function ssoOption(settings: OidcSettings, nextPath: string, errorCode: string | undefined, divider: boolean) {
  const status = await providerStatus(settings);
  const attempted = isSsoErrorCode(errorCode);
  let problem: { message: string; alert: boolean } | null = null;
  if (!status.available) {
    const message = `${status.problem}. ${divider ? 'Sign in with a console password, or try again later.' : 'Try again later.'}`;
    problem = { message, alert: attempted };
  } else if (attempted) {
    problem = { message: ssoErrorMessage(errorCode, settings.providerName), alert: true };
  }
  const href = `/api/auth/oidc/start?${new URLSearchParams({ next: nextPath })}`;
  return <SsoSignIn providerName={settings.providerName} href={href} problem={problem} divider={divider} />;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const query = await searchParams;
  const nextPath = safeNextPath(first(query.next));
  if (await currentUser()) redirect(nextPath);
  const settings = oidcSettings();
  const localUsers = localUsersEnabled();
  const sso = settings ? await ssoOption(settings, nextPath, first(query.sso_error), localUsers) : undefined;

  return (
    <SignInCard>
      {localUsers ? (
        <SignInForm nextPath={nextPath} before={sso} />
      ) : (
        <section className={styles.ssoOnly} aria-labelledby="sign-in-title">
          <h1 id="sign-in-title" className={styles.title}>
            Sign in
          </h1>
          {sso}
        </section>
      )}
    </SignInCard>
  );
}
