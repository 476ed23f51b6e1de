import { describe, expect, it } from 'vitest';
import { describeLockout, isConsoleKey, lockoutRisks, type GuardedKey } from './console-key';

const key: GuardedKey = {
  name: 'Sluice console',
  state: 'enabled',
  roles: ['admin'],
  keySuffix: 'ab12',
  expireAt: null,
  ipAccessList: [{ source: '10.0.0.0/8' }],
};

describe('the console key', () => {
  it('is every key ending like the console key id (the cloud shows no more of it)', () => {
    expect(isConsoleKey(key, 'ab12')).toBe(true);
    expect(isConsoleKey(key, 'AB12')).toBe(false);
    expect(isConsoleKey(key, undefined)).toBe(false);
  });

  it.each([
    ['delete', 'delete', ['delete']],
    ['disable', { state: 'disabled' }, ['disable']],
    ['enable', { state: 'enabled' }, []],
    ['rename', { name: 'x' } as object, []],
    ['drop admin', { roles: ['developer'] }, ['roles']],
    ['keep admin', { roles: ['admin', 'developer'] }, []],
    ['replace the IP list', { ipAccessList: [{ source: '192.0.2.1' }] }, ['ipAccessList']],
    ['add to the IP list', { ipAccessList: [{ source: '10.0.0.0/8' }, { source: '192.0.2.1' }] }, []],
    ['clear the IP list (anywhere)', { ipAccessList: [] }, []],
    ['expire in the past', { expireAt: '2001-01-01T00:00:00Z' }, ['expiry']],
    ['expire later', { expireAt: '2999-01-01T00:00:00Z' }, ['expiry']],
    ['never expire', { expireAt: null }, []],
    [
      'everything at once',
      { state: 'disabled', roles: ['query_endpoints'], ipAccessList: [{ source: '192.0.2.1' }] },
      ['disable', 'roles', 'ipAccessList'],
    ],
  ] as const)('%s → %j', (_name, change, risks) => {
    expect(lockoutRisks(key, change as Parameters<typeof lockoutRisks>[1])).toEqual(risks);
  });

  it('narrows from "anywhere" when a list is first set', () => {
    expect(lockoutRisks({ ...key, ipAccessList: [] }, { ipAccessList: [{ source: '192.0.2.1' }] })).toEqual([
      'ipAccessList',
    ]);
  });

  it('says what will happen', () => {
    expect(describeLockout(['disable'], { state: 'disabled' })).toBe(
      'Disabling it cuts Sluice off from the cloud API until the key is enabled again with another admin key. ' +
        'Every console user is affected until an operator sets another key (CLOUD_API_KEY_ID and CLOUD_API_KEY_SECRET).',
    );
    expect(describeLockout(['roles'], { roles: ['developer'] })).toContain('can no longer manage API keys');
    expect(describeLockout(['roles'], { roles: ['query_endpoints'] })).toContain('loses the cloud API altogether');
  });
});
