/**
 * `OIDC_ROLE_MAP` parsed and applied, directly: how a pair is split and trimmed, which role wins
 * whatever the order of the pairs, and how a claim is read. (settings.test.ts covers the refusals
 * and the common cases.)
 */
import { describe, expect, it } from 'vitest';
import { claimValues, parseRoleMap, resolveRole, resolveServiceRoles, RoleMapError } from './role-map';

describe('parseRoleMap', () => {
  it('splits each pair at its last "=", trims the value, the role and the service, and skips empty pairs', () => {
    expect(parseRoleMap(' cn=ops = editor , team = admin @ Staging Area ,, *= viewer ,')).toEqual({
      entries: [
        { value: 'cn=ops', role: 'editor' },
        { value: 'team', role: 'admin', service: 'Staging Area' },
      ],
      fallback: 'viewer',
    });
  });

  it('takes a map of only "*" or only pairs, and the last "*" when there are two', () => {
    expect(parseRoleMap('*=editor')).toEqual({ entries: [], fallback: 'editor' });
    expect(parseRoleMap('a=viewer')).toEqual({ entries: [{ value: 'a', role: 'viewer' }], fallback: null });
    expect(parseRoleMap('*=viewer,*=admin').fallback).toBe('admin');
  });

  it('refuses with a RoleMapError naming the pair: no value, an empty value, a role with a space inside', () => {
    for (const [text, message] of [
      ['admin', 'OIDC_ROLE_MAP: "admin" is not value=role (e.g. data-admins=admin)'],
      [' =admin', 'OIDC_ROLE_MAP: "=admin" is not value=role (e.g. data-admins=admin)'],
      ['a=ad min', 'OIDC_ROLE_MAP: "a=ad min" names the role "ad min"; use one of viewer, editor, admin'],
      ['a=@Staging', 'OIDC_ROLE_MAP: "a=@Staging" names the role ""; use one of viewer, editor, admin'],
      ['a=editor@ ', 'OIDC_ROLE_MAP: "a=editor@" has no service after "@" (e.g. data-eng=editor@Staging)'],
      ['*=viewer@S', 'OIDC_ROLE_MAP: "*=viewer@S": "*" gives the organization-wide role only'],
      ['', 'OIDC_ROLE_MAP is empty: map at least one claim value to a role, e.g. data-admins=admin,*=viewer'],
    ]) {
      let thrown: unknown;
      try {
        parseRoleMap(text as string);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, text).toBeInstanceOf(RoleMapError);
      expect((thrown as Error).message).toBe(message);
    }
  });
});

describe('resolveRole and resolveServiceRoles', () => {
  it('give the highest role whatever the order of the pairs', () => {
    for (const text of ['a=admin,b=viewer,c=editor', 'b=viewer,c=editor,a=admin', 'c=editor,a=admin,b=viewer']) {
      expect(resolveRole(parseRoleMap(text), ['a', 'b', 'c']), text).toBe('admin');
      expect(resolveRole(parseRoleMap(text), ['b', 'c']), text).toBe('editor');
    }
    for (const text of ['a=admin@S,b=viewer@S,c=editor@S', 'b=viewer@S,c=editor@S,a=admin@S']) {
      expect(resolveServiceRoles(parseRoleMap(text), ['a', 'b', 'c']), text).toEqual({ S: 'admin' });
      expect(resolveServiceRoles(parseRoleMap(text), ['b', 'c']), text).toEqual({ S: 'editor' });
    }
  });

  it('give a listed value’s role even below the "*" role, and the "*" role only to values not listed', () => {
    const map = parseRoleMap('guests=viewer,*=editor');
    expect(resolveRole(map, ['guests'])).toBe('viewer');
    expect(resolveRole(map, ['other'])).toBe('editor');
  });

  it('keep per-service pairs out of the organization-wide role, and organization-wide pairs out of the services', () => {
    const map = parseRoleMap('a=admin@S,b=editor');
    expect(resolveRole(map, ['a'])).toBeNull();
    expect(resolveServiceRoles(map, ['a', 'b'])).toEqual({ S: 'admin' });
  });
});

describe('claimValues', () => {
  it('prefers a claim named with the dot itself to the nested path', () => {
    expect(claimValues({ 'realm.roles': ['flat'], realm: { roles: ['nested'] } }, 'realm.roles')).toEqual(['flat']);
  });

  it('reads nothing through a path that meets a value that is not an object, or null', () => {
    expect(claimValues({ realm: 'text' }, 'realm.roles')).toEqual([]);
    expect(claimValues({ realm: null }, 'realm.roles')).toEqual([]);
    expect(claimValues({ realm: { roles: null } }, 'realm.roles')).toEqual([]);
    expect(claimValues({ groups: 7 }, 'groups')).toEqual([]);
  });

  it('splits a string at any run of white space and drops the empty pieces', () => {
    expect(claimValues({ roles: '  a\tb \n c  ' }, 'roles')).toEqual(['a', 'b', 'c']);
    expect(claimValues({ roles: '' }, 'roles')).toEqual([]);
  });
});
