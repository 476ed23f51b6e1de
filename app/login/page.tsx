import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/session/sign-in-form';
import { Logo } from '@/components/shell/icons';
import { currentUser } from '@/lib/server/session';
import { safeNextPath } from '@/lib/schemas/session';
import styles from './login.module.css';

export const metadata: Metadata = { title: 'Sign in' };

interface LoginPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(Array.isArray(next) ? next[0] : next);
  if (await currentUser()) redirect(nextPath);

  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <Logo />
          <span>Sluice</span>
        </div>
        <SignInForm nextPath={nextPath} />
      </div>
    </main>
  );
}
