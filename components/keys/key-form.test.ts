import { describe, expect, it } from 'vitest';
import { isoToLocalDateTime } from '@/components/format/time';
import type { KeyRecord } from '@/lib/schemas/keys';
import { keyFormSchema, keyToFormValues, toKeyCreateRequest, toKeyUpdateRequest, type KeyFormValues } from './key-form';

const future = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
future.setSeconds(0, 0);
const futureLocal = isoToLocalDateTime(future.toISOString());

const valid: KeyFormValues = {
  name: '  ci deploy  ',
  roles: ['developer'],
  expireAt: futureLocal,
  ipAccessList: [{ source: '10.0.0.0/8', description: 'office' }],
};

function issues(values: KeyFormValues, options?: Parameters<typeof keyFormSchema>[0]) {
  const result = keyFormSchema(options).safeParse(values);
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('keyFormSchema', () => {
  it('accepts a valid form and trims the name', () => {
    const result = keyFormSchema().parse(valid);
    expect(result.name).toBe('ci deploy');
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(129) }, 'name', 'Name must be at most 128 characters'],
    [{ roles: [] }, 'roles', 'Choose at least one role'],
    [{ expireAt: '2000-01-01T00:00' }, 'expireAt', 'Expiry must be in the future'],
    [{ expireAt: 'soon' }, 'expireAt', 'Expiry must be an ISO-8601 date and time'],
    [
      { ipAccessList: [{ source: '10.0.0.300', description: '' }] },
      'ipAccessList.0.source',
      'Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8',
    ],
    [{ ipAccessList: [{ source: '', description: '' }] }, 'ipAccessList.0.source', 'Address is required'],
    [
      {
        ipAccessList: [
          { source: '::1', description: '' },
          { source: '::1', description: '' },
        ],
      },
      'ipAccessList',
      'Each address may be listed once',
    ],
  ])('%j → %s: %s', (patch, path, message) => {
    expect(issues({ ...valid, ...patch } as KeyFormValues)[path]).toBe(message);
  });

  it('accepts an empty expiry and empty access list', () => {
    expect(issues({ ...valid, expireAt: '', ipAccessList: [] })).toEqual({});
  });

  it('lets an edit keep an expiry that has passed, but not set a new past one', () => {
    const past = '2001-01-01T00:00';
    expect(issues({ ...valid, expireAt: past }, { unchangedExpiry: past })).toEqual({});
    expect(issues({ ...valid, expireAt: '2002-01-01T00:00' }, { unchangedExpiry: past }).expireAt).toBe(
      'Expiry must be in the future',
    );
  });
});

describe('toKeyCreateRequest', () => {
  it('converts the expiry to ISO and leaves out empty optional parts', () => {
    const output = keyFormSchema().parse(valid);
    expect(toKeyCreateRequest(output)).toEqual({
      name: 'ci deploy',
      roles: ['developer'],
      expireAt: future.toISOString(),
      ipAccessList: [{ source: '10.0.0.0/8', description: 'office' }],
    });
    expect(toKeyCreateRequest({ ...output, expireAt: '', ipAccessList: [] })).toEqual({
      name: 'ci deploy',
      roles: ['developer'],
    });
  });
});

describe('toKeyUpdateRequest', () => {
  const record: KeyRecord = {
    id: '0b5b6f8e-6d6c-4f4b-9d1e-8f3e2a1b0c9d',
    name: 'ci deploy',
    state: 'enabled',
    roles: ['developer', 'admin'],
    keySuffix: 'abcd',
    createdAt: '2030-01-01T00:00:00Z',
    expireAt: future.toISOString(),
    usedAt: null,
    ipAccessList: [{ source: '10.0.0.0/8', description: 'office' }],
  };

  it('is null when nothing changed (roles in another order count as unchanged)', () => {
    const values = keyToFormValues(record);
    expect(toKeyUpdateRequest(record, { ...values, roles: ['admin', 'developer'] })).toBeNull();
  });

  it('sends only what changed', () => {
    const values = keyToFormValues(record);
    expect(toKeyUpdateRequest(record, { ...values, name: 'renamed' })).toEqual({ name: 'renamed' });
    expect(toKeyUpdateRequest(record, { ...values, ipAccessList: [] })).toEqual({ ipAccessList: [] });
    expect(toKeyUpdateRequest(record, { ...values, roles: ['admin'] })).toEqual({ roles: ['admin'] });
  });

  it('sends null for a cleared expiry and ISO for a new one', () => {
    const values = keyToFormValues(record);
    expect(toKeyUpdateRequest(record, { ...values, expireAt: '' })).toEqual({ expireAt: null });
    expect(toKeyUpdateRequest({ ...record, expireAt: null }, values)).toEqual({ expireAt: future.toISOString() });
  });
});
