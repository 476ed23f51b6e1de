/**
 * What the audit log calls each recorded operation, shared by the server (which records them) and
 * the Audit page (which labels and filters them). Writes the server does not know yet are recorded
 * under `METHOD /path/{id}` rather than lost.
 */
export const AUDIT_OPERATIONS = {
  'session.sign-in': 'Sign in',
  'session.sign-out': 'Sign out',
  'account.password': 'Change own password',
  'key.create': 'Create API key',
  'key.update': 'Change API key',
  'key.delete': 'Delete API key',
  'endpoint.register': 'Register private endpoint',
  'service.endpoints': 'Attach or detach private endpoints',
  'cdc-scaling.update': 'Change database pipe scaling',
  'pipe.create': 'Create pipe',
  'pipe.update': 'Change pipe',
  'pipe.delete': 'Delete pipe',
  'pipe.scaling': 'Change pipe scaling',
  'pipe.settings': 'Change pipe settings',
  'pipe.state': 'Start, stop or resync pipe',
  'dashboard.create': 'Create dashboard',
  'dashboard.update': 'Change dashboard',
  'dashboard.delete': 'Delete dashboard',
  'alert.create': 'Create alert',
  'alert.update': 'Change alert',
  'alert.delete': 'Delete alert',
  'query-endpoint.enable': "Let the console read the service's logs and tables",
  'service.wake': 'Wake an idle service to read its tables',
  'user.create': 'Add console user',
  'user.update': "Change a console user's role",
  'user.delete': 'Remove console user',
  'user.password-reset': "Reset a console user's password",
  'notification-channel.create': 'Create notification channel',
  'notification-channel.update': 'Change notification channel',
  'notification-channel.delete': 'Delete notification channel',
  'notification-channel.test': 'Send a test notification',
  'notification-rule.create': 'Create notification rule',
  'notification-rule.update': 'Change notification rule',
  'notification-rule.delete': 'Delete notification rule',
  'notification-delivery.retry': 'Retry a notification delivery',
  'history.restore': 'Restore a version',
  'history.restore-deleted': 'Restore a deleted object',
} as const satisfies Record<string, string>;

export type AuditOperation = keyof typeof AUDIT_OPERATIONS;

export function isAuditOperation(value: string): value is AuditOperation {
  return Object.hasOwn(AUDIT_OPERATIONS, value);
}

export function operationLabel(operation: string): string {
  return isAuditOperation(operation) ? AUDIT_OPERATIONS[operation] : operation;
}
