import { describe, expect, it } from 'vitest';
import { KEY_LIMITS, KEY_ROLES, ipAccessEntrySchema, ipSourceSchema, keyCreateSchema, keyUpdateSchema } from './keys';

const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : undefined;
}

describe('keyCreateSchema', () => {
  const valid = { name: 'ingest', roles: ['developer'] };

  it('accepts the minimal body and every role', () => {
    expect(keyCreateSchema.safeParse(valid).success).toBe(true);
    for (const role of KEY_ROLES) expect(keyCreateSchema.safeParse({ ...valid, roles: [role] }).success).toBe(true);
    expect(keyCreateSchema.safeParse({ ...valid, roles: [...KEY_ROLES] }).success).toBe(true);
  });

  it.each([
    [{ ...valid, name: '' }, 'name', 'Name is required'],
    [{ ...valid, name: '   ' }, 'name', 'Name is required'],
    [{ ...valid, name: 'x'.repeat(KEY_LIMITS.nameMaxLength + 1) }, 'name', 'Name must be at most 128 characters'],
    [{ ...valid, roles: [] }, 'roles', 'Choose at least one role'],
    [{ ...valid, roles: ['owner'] }, 'roles.0', 'Role must be admin, developer or query_endpoints'],
    [{ ...valid, roles: ['admin', 'admin'] }, 'roles', 'Each role may be listed once'],
    [{ ...valid, expireAt: 'tomorrow' }, 'expireAt', 'Expiry must be an ISO-8601 date and time'],
    [{ ...valid, expireAt: past }, 'expireAt', 'Expiry must be in the future'],
    [{ ...valid, state: 'paused' }, 'state', 'State must be enabled or disabled'],
    [{ ...valid, ipAccessList: [{ source: '10.0.0.300', description: '' }] }, 'ipAccessList.0.source', undefined],
  ])('refuses %j at %s', (body, path, message) => {
    const issue = firstIssue(keyCreateSchema.safeParse(body));
    expect(issue?.path).toBe(path);
    if (message) expect(issue?.message).toBe(message);
  });

  it('accepts the longest name, a future expiry, "never" as null or empty, and both states', () => {
    expect(keyCreateSchema.safeParse({ ...valid, name: 'x'.repeat(KEY_LIMITS.nameMaxLength) }).success).toBe(true);
    expect(keyCreateSchema.safeParse({ ...valid, expireAt: future }).success).toBe(true);
    expect(keyCreateSchema.safeParse({ ...valid, expireAt: null }).success).toBe(true);
    expect(keyCreateSchema.safeParse({ ...valid, expireAt: '' }).success).toBe(true);
    expect(keyCreateSchema.safeParse({ ...valid, state: 'disabled' }).success).toBe(true);
    expect(keyCreateSchema.safeParse({ ...valid, state: 'enabled' }).success).toBe(true);
  });

  it('bounds the IP access list at 100 entries and refuses duplicates', () => {
    const list = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ source: `10.0.${Math.floor(i / 250)}.${i % 250}`, description: '' }));
    expect(keyCreateSchema.safeParse({ ...valid, ipAccessList: list(100) }).success).toBe(true);
    expect(firstIssue(keyCreateSchema.safeParse({ ...valid, ipAccessList: list(101) }))?.message).toBe(
      'At most 100 entries',
    );
    const dup = [
      { source: '10.0.0.1', description: 'a' },
      { source: '10.0.0.1', description: 'b' },
    ];
    expect(firstIssue(keyCreateSchema.safeParse({ ...valid, ipAccessList: dup }))?.message).toBe(
      'Each address may be listed once',
    );
  });
});

describe('ipSourceSchema', () => {
  it.each([
    '192.168.1.10',
    '0.0.0.0/0',
    '10.0.0.0/8',
    '10.0.0.0/32',
    '::1',
    '2001:db8::/32',
    '2001:db8::1',
    '::/0',
    '2001:db8::/128',
  ])('accepts %s', (source) => expect(ipSourceSchema.safeParse(source).success).toBe(true));
  it.each(['256.1.1.1', '10.0.0.0/33', '2001:db8::/129', 'example.com', '10.0.0', '1.2.3.4/', ''])(
    'refuses %j',
    (source) => expect(ipSourceSchema.safeParse(source).success).toBe(false),
  );
  it('trims surrounding spaces', () => expect(ipSourceSchema.parse(' 10.0.0.1 ')).toBe('10.0.0.1'));
});

describe('ipAccessEntrySchema descriptions', () => {
  it('allows up to 255 characters and refuses 256', () => {
    expect(ipAccessEntrySchema.safeParse({ source: '10.0.0.1', description: 'x'.repeat(255) }).success).toBe(true);
    expect(ipAccessEntrySchema.safeParse({ source: '10.0.0.1', description: 'x'.repeat(256) }).success).toBe(false);
  });
  it('refuses control characters', () => {
    expect(firstIssue(ipAccessEntrySchema.safeParse({ source: '10.0.0.1', description: 'a\u0007b' }))?.message).toBe(
      'Description must not contain control characters',
    );
  });
});

describe('keyUpdateSchema', () => {
  it('needs at least one field', () => {
    expect(firstIssue(keyUpdateSchema.safeParse({}))?.message).toBe('Nothing to update');
  });
  it('takes a state change alone, and clearing the expiry', () => {
    expect(keyUpdateSchema.safeParse({ state: 'disabled' }).success).toBe(true);
    expect(keyUpdateSchema.safeParse({ expireAt: null }).success).toBe(true);
    expect(keyUpdateSchema.safeParse({ expireAt: '' }).success).toBe(true);
  });
  it('applies the same rules as creation', () => {
    expect(firstIssue(keyUpdateSchema.safeParse({ roles: [] }))?.path).toBe('roles');
    expect(firstIssue(keyUpdateSchema.safeParse({ name: '' }))?.path).toBe('name');
  });
});
