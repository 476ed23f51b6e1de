import type { KeyRole } from '@/lib/schemas/key-bounds';

/**
 * The console's own cloud key. The cloud API shows every key's `keySuffix`, the last 4 characters
 * of its Basic-auth key id, and nothing else ties a record to the id the console signs with. So
 * every key with the console's suffix counts as the console's: when two share it, both are guarded
 * (the safe side of not knowing).
 */

/** The header a request carries to go ahead with a change that would cut the console off; its value is the key's record id. */
export const LOCKOUT_CONFIRM_HEADER = 'X-Sluice-Confirm-Lockout';

export type LockoutRisk = 'delete' | 'disable' | 'roles' | 'ipAccessList' | 'expiry';

/** What the guard needs of a key record and of a change to it. */
export interface GuardedKey {
  name: string;
  state: 'enabled' | 'disabled';
  roles: readonly KeyRole[];
  keySuffix: string;
  expireAt?: string | null;
  ipAccessList: readonly { source: string }[];
}

export interface GuardedChange {
  state?: 'enabled' | 'disabled';
  roles?: readonly KeyRole[];
  expireAt?: string | null;
  ipAccessList?: readonly { source: string }[];
}

export function isConsoleKey(key: Pick<GuardedKey, 'keySuffix'>, consoleSuffix: string | undefined): boolean {
  return Boolean(consoleSuffix) && key.keySuffix === consoleSuffix;
}

/** An empty list means "from anywhere"; a change only widens access if it keeps every source allowed now. */
function narrowsAccess(before: readonly { source: string }[], after: readonly { source: string }[]): boolean {
  if (after.length === 0) return false;
  if (before.length === 0) return true;
  const kept = new Set(after.map((entry) => entry.source));
  return before.some((entry) => !kept.has(entry.source));
}

/** The ways `change` (or a delete) could lock the console out if `key` is the one it signs with. */
export function lockoutRisks(key: GuardedKey, change: GuardedChange | 'delete'): LockoutRisk[] {
  if (change === 'delete') return ['delete'];
  const risks: LockoutRisk[] = [];
  if (change.state === 'disabled' && key.state !== 'disabled') risks.push('disable');
  if (change.roles && key.roles.includes('admin') && !change.roles.includes('admin')) risks.push('roles');
  if (change.ipAccessList && narrowsAccess(key.ipAccessList, change.ipAccessList)) risks.push('ipAccessList');
  if (change.expireAt) {
    const before = key.expireAt ? Date.parse(key.expireAt) : Infinity;
    if (Date.parse(change.expireAt) < before) risks.push('expiry');
  }
  return risks;
}

const EFFECT: Record<LockoutRisk, (change: GuardedChange | 'delete') => string> = {
  delete: () =>
    'Deleting it cuts Sluice off from the cloud API (the cloud refuses to delete the key a request is signed with, so this only goes through if it is another key with the same ending)',
  disable: () =>
    'Disabling it cuts Sluice off from the cloud API until the key is enabled again with another admin key',
  roles: (change) =>
    change !== 'delete' && change.roles?.includes('developer')
      ? 'Without the Admin role Sluice can no longer manage API keys, private endpoints or scaling, nor give the role back'
      : 'Without the Admin role Sluice loses the cloud API altogether: pipes, keys, endpoints and scaling',
  ipAccessList: () =>
    'The new IP access list may not include the address Sluice calls the cloud from; if it does not, every cloud request fails',
  expiry: (change) =>
    `The key stops working ${change !== 'delete' && change.expireAt && Date.parse(change.expireAt) <= Date.now() ? 'at once' : 'at the new expiry'}, and Sluice with it`,
};

/** What will happen, in the order of the risks: for the confirmation dialog and the BFF's refusal. */
export function describeLockout(risks: readonly LockoutRisk[], change: GuardedChange | 'delete'): string {
  return `${risks.map((risk) => EFFECT[risk](change)).join('. ')}. Every console user is affected until an operator sets another key (CLOUD_API_KEY_ID and CLOUD_API_KEY_SECRET).`;
}
