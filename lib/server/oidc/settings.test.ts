import { describe, expect, it } from 'vitest';
import { claimValues, mapsServices, parseRoleMap, resolveRole, resolveServiceRoles } from './role-map';
import { checkSignInSettings, localUsersEnabled, oidcSettings } from './settings';

describe('OIDC_ROLE_MAP', () => {
  const map = parseRoleMap('data-admins=admin, data-eng=editor,*=viewer');

  it('gives the highest role any value maps to, else the * role', () => {
    expect(resolveRole(map, ['data-eng', 'data-admins'])).toBe('admin');
    expect(resolveRole(map, ['data-eng'])).toBe('editor');
    expect(resolveRole(map, ['marketing'])).toBe('viewer');
    expect(resolveRole(map, [])).toBe('viewer');
  });

  it('without * gives no role to a user with no listed value', () => {
    expect(resolveRole(parseRoleMap('data-admins=admin'), ['marketing'])).toBeNull();
  });

  it.each([
    ['data-admins', /"data-admins" is not value=role/],
    ['=admin', /"=admin" is not value=role/],
    ['data-admins=owner', /names the role "owner"; use one of viewer, editor, admin/],
    ['data-eng=owner@Staging', /names the role "owner"/],
    ['data-eng=editor@', /has no service after "@"/],
    ['*=editor@Staging', /"\*" gives the organization-wide role only/],
    [' , ', /OIDC_ROLE_MAP is empty/],
  ])('refuses %j', (text, message) => {
    expect(() => parseRoleMap(text)).toThrow(message);
  });

  it('maps groups to roles on one service, named by name or id, apart from the organization-wide role', () => {
    const perService = parseRoleMap(
      'data-admins=admin,data-eng=editor@Staging,data-leads=admin@Staging, ops=viewer@svc-1,*=viewer',
    );
    expect(mapsServices(perService)).toBe(true);
    expect(mapsServices(map)).toBe(false);
    // A service-only pair never raises the organization-wide role.
    expect(resolveRole(perService, ['data-eng'])).toBe('viewer');
    expect(resolveServiceRoles(perService, ['data-eng'])).toEqual({ Staging: 'editor' });
    expect(resolveServiceRoles(perService, ['data-eng', 'data-leads', 'ops'])).toEqual({
      Staging: 'admin',
      'svc-1': 'viewer',
    });
    expect(resolveServiceRoles(perService, ['marketing'])).toEqual({});
  });

  it('reads lists, space-separated strings and nested claims', () => {
    expect(claimValues({ groups: ['a', 'b', 3] }, 'groups')).toEqual(['a', 'b']);
    expect(claimValues({ roles: 'a b' }, 'roles')).toEqual(['a', 'b']);
    expect(claimValues({ realm_access: { roles: ['x'] } }, 'realm_access.roles')).toEqual(['x']);
    expect(claimValues({}, 'groups')).toEqual([]);
  });
});

describe('sign-in settings', () => {
  const base = { OIDC_ISSUER: 'https://login.example.com/', OIDC_CLIENT_ID: 'sluice', OIDC_ROLE_MAP: 'ops=admin' };

  it('defaults the claim, the scopes and the provider name', () => {
    expect(oidcSettings(base)).toMatchObject({
      roleClaim: 'groups',
      scope: 'openid profile email',
      providerName: 'single sign-on',
      clientSecret: undefined,
    });
    expect(oidcSettings({})).toBeNull();
  });

  it.each([
    [{ ...base, OIDC_CLIENT_ID: '' }, /OIDC_CLIENT_ID is not set/],
    [{ ...base, OIDC_ROLE_MAP: '' }, /OIDC_ROLE_MAP is not set/],
    [
      { ...base, OIDC_ISSUER: 'http://login.example.com' },
      /OIDC_ISSUER must be an https URL \(http only on 127\.0\.0\.1 or localhost\)/,
    ],
    [{ ...base, OIDC_ISSUER: 'not a url' }, /OIDC_ISSUER is not a URL/],
    [{ ...base, OIDC_SCOPES: 'profile email' }, /OIDC_SCOPES must include "openid"/],
    [
      { ...base, OIDC_REDIRECT_URL: 'https://console.example/callback' },
      /OIDC_REDIRECT_URL must end in \/api\/auth\/oidc\/callback/,
    ],
  ])('names the variable to fix: %j', (env, message) => {
    expect(() => oidcSettings(env)).toThrow(message);
  });

  it('turns local users off only with single sign-on configured', () => {
    expect(localUsersEnabled({})).toBe(true);
    expect(localUsersEnabled({ LOCAL_USERS: 'OFF' })).toBe(false);
    expect(() => localUsersEnabled({ LOCAL_USERS: 'no' })).toThrow('LOCAL_USERS must be "on" or "off" (it is "no")');
    expect(() => checkSignInSettings({ LOCAL_USERS: 'off' })).toThrow(/LOCAL_USERS=off needs single sign-on/);
    expect(checkSignInSettings({ ...base, LOCAL_USERS: 'off' })).toMatchObject({ localUsers: false });
  });
});
