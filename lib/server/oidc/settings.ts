import { processEnv, type Environment } from '../env-schema';
import { parseRoleMap, RoleMapError, type RoleMap } from './role-map';

/**
 * Which sign-in methods the console offers, from the environment. Read by the start script (which
 * refuses to start on a mistake, naming the variable) and by the server.
 */
export interface OidcSettings {
  issuer: URL;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret?: string;
  roleClaim: string;
  roleMap: RoleMap;
  /** "Sign in with <providerName>". */
  providerName: string;
  scope: string;
  /** The callback URL registered at the provider; derived from the request when unset. */
  redirectUrl?: URL;
}

export class SignInConfigError extends Error {
  override name = 'SignInConfigError';
}

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const DEFAULT_SCOPE = 'openid profile email';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function text(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** https, or http on loopback only (a provider on the same machine, as in the tests). */
function parseUrl(value: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SignInConfigError(`${name} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new SignInConfigError(`${name} must be an https URL (http only on 127.0.0.1 or localhost): "${value}"`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new SignInConfigError(`${name} must not carry credentials, a query or a fragment: "${value}"`);
  }
  return url;
}

let cached: { source: string; settings: OidcSettings | null } | undefined;

/** Single sign-on settings, or null when `OIDC_ISSUER` is unset. */
export function oidcSettings(env: Environment = processEnv()): OidcSettings | null {
  const source = JSON.stringify(
    [
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'OIDC_ROLE_CLAIM',
      'OIDC_ROLE_MAP',
      'OIDC_PROVIDER_NAME',
      'OIDC_SCOPES',
      'OIDC_REDIRECT_URL',
    ].map((name) => env[name]),
  );
  if (cached?.source === source) return cached.settings;
  const issuerText = text(env, 'OIDC_ISSUER');
  let settings: OidcSettings | null = null;
  if (issuerText) {
    const clientId = text(env, 'OIDC_CLIENT_ID');
    if (!clientId)
      throw new SignInConfigError(
        'OIDC_CLIENT_ID is not set: single sign-on (OIDC_ISSUER) needs the client id registered at the provider',
      );
    const roleMapText = text(env, 'OIDC_ROLE_MAP');
    if (!roleMapText) {
      throw new SignInConfigError(
        'OIDC_ROLE_MAP is not set: say which claim values give which role, e.g. data-admins=admin,data-eng=editor,*=viewer',
      );
    }
    let roleMap: RoleMap;
    try {
      roleMap = parseRoleMap(roleMapText);
    } catch (error) {
      throw new SignInConfigError(error instanceof RoleMapError ? error.message : String(error));
    }
    const scope = text(env, 'OIDC_SCOPES') ?? DEFAULT_SCOPE;
    if (!scope.split(/\s+/).includes('openid'))
      throw new SignInConfigError(`OIDC_SCOPES must include "openid": "${scope}"`);
    const redirectText = text(env, 'OIDC_REDIRECT_URL');
    const redirectUrl = redirectText ? parseUrl(redirectText, 'OIDC_REDIRECT_URL') : undefined;
    if (redirectUrl && redirectUrl.pathname !== OIDC_CALLBACK_PATH) {
      throw new SignInConfigError(`OIDC_REDIRECT_URL must end in ${OIDC_CALLBACK_PATH}: "${redirectText}"`);
    }
    settings = {
      issuer: parseUrl(issuerText, 'OIDC_ISSUER'),
      clientId,
      clientSecret: text(env, 'OIDC_CLIENT_SECRET'),
      roleClaim: text(env, 'OIDC_ROLE_CLAIM') ?? 'groups',
      roleMap,
      providerName: text(env, 'OIDC_PROVIDER_NAME') ?? 'single sign-on',
      scope,
      redirectUrl,
    };
  }
  cached = { source, settings };
  return settings;
}

/** `LOCAL_USERS=off` leaves single sign-on as the only way in. */
export function localUsersEnabled(env: Environment = processEnv()): boolean {
  const value = text(env, 'LOCAL_USERS')?.toLowerCase();
  if (value === undefined || value === 'on') return true;
  if (value === 'off') return false;
  throw new SignInConfigError(`LOCAL_USERS must be "on" or "off" (it is "${env.LOCAL_USERS}")`);
}

/** Checks the whole sign-in configuration at start: a console nobody can sign in to is refused. */
export function checkSignInSettings(env: Environment = processEnv()): {
  oidc: OidcSettings | null;
  localUsers: boolean;
} {
  const oidc = oidcSettings(env);
  const localUsers = localUsersEnabled(env);
  if (!localUsers && !oidc) {
    throw new SignInConfigError(
      'LOCAL_USERS=off needs single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_ROLE_MAP, or remove LOCAL_USERS',
    );
  }
  return { oidc, localUsers };
}
