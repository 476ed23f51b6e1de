import { buttonClassName } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { cx } from '@/components/ui/cx';
import styles from './sso-sign-in.module.css';

export interface SsoSignInProps {
  providerName: string;
  /** `/api/auth/oidc/start?next=…`. */
  href: string;
  /**
   * Why the last attempt came back (an alert: it answers what the person just did), or that the
   * provider cannot be reached now (a standing notice).
   */
  problem?: { message: string; alert: boolean } | null;
  /** Shown when console passwords are offered below. */
  divider: boolean;
}

/** "Sign in with <provider>": a plain link, since the browser must leave for the provider. */
export function SsoSignIn({ providerName, href, problem, divider }: SsoSignInProps) {
  return (
    <div className={styles.sso}>
      {problem && (
        <Notice tone={problem.alert ? 'danger' : 'warning'} role={problem.alert ? 'alert' : undefined}>
          {problem.message}
        </Notice>
      )}
      <a className={cx(buttonClassName('primary'), styles.button)} href={href}>
        Sign in with {providerName}
      </a>
      {divider && (
        <p className={styles.divider}>
          <span>or with a console password</span>
        </p>
      )}
    </div>
  );
}
