import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { LoginRedirect } from '@/components/shell/login-redirect';
import { canChangeOwnPassword, passwordSetByEnvironment } from '@/lib/server/account';
import { consoleKeySuffix } from '@/lib/server/console-key';
import { consoleContext } from '@/lib/server/env';
import { defaultServiceId } from '@/lib/server/last-service';
import { oidcSettings } from '@/lib/server/oidc/settings';
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
  const { organizationId } = consoleContext();
  // The service of organization pages' links; a service's page uses the one in its URL.
  const serviceId = await defaultServiceId();
  const account = {
    providerName: user.method === 'sso' ? (oidcSettings()?.providerName ?? 'single sign-on') : null,
    canChangePassword: canChangeOwnPassword(user),
    passwordSetByEnvironment: passwordSetByEnvironment(user),
  };
  return (
    <AppShell
      context={{
        user: { name: user.name, role: user.role, method: user.method, services: user.services },
        organizationId,
        serviceId,
        account,
        consoleKeySuffix: consoleKeySuffix(),
      }}
    >
      {children}
    </AppShell>
  );
}
