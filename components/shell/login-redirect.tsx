'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { loginHref } from '@/lib/api/session/login-href';

/**
 * Layouts cannot see the requested path on the server, so the redirect to the sign-in page, which
 * carries that path as `next`, happens here.
 */
export function LoginRedirect() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = searchParams.toString();
  const href = loginHref(`${pathname}${query ? `?${query}` : ''}`);

  useEffect(() => {
    window.location.replace(href);
  }, [href]);

  return (
    <main id="main">
      <p>
        Redirecting to the sign-in page… <Link href={href}>Sign in</Link>
      </p>
    </main>
  );
}
