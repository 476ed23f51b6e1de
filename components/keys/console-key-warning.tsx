import { describeLockout, type GuardedChange, type LockoutRisk } from '@/lib/keys/console-key';

/** The confirmation text for changing the console's own key: which key, and what will happen. */
export function consoleKeyWarning(
  name: string,
  risks: readonly LockoutRisk[],
  change: GuardedChange | 'delete',
): string {
  return `“${name}” is the key Sluice itself signs its cloud requests with. ${describeLockout(risks, change)}`;
}
