import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { LoginRedirect } from '@/components/shell/login-redirect';
import { consoleContext } from '@/lib/server/env';
import { currentUser } from '@/lib/server/session';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) {
    return (
      <Suspense>
        <LoginRedirect />
      </Suspense>
    );
  }
  const { organizationId, serviceId } = consoleContext();
  return (
    <AppShell context={{ user: { name: user.name, role: user.role }, organizationId, serviceId }}>{children}</AppShell>
  );
}
