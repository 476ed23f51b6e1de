import { HttpError } from '../http/errors';
import { ipAllowed } from '../net/ip';
import type { RequestContext } from '../server';
import type { ApiKey } from '../state';

/** `developer` = admin or developer; `admin` = admin only. `query_endpoints` keys pass neither. */
export type Access = 'admin' | 'developer';

export function authenticate(ctx: RequestContext): ApiKey {
  const header = ctx.req.headers.authorization;
  if (!header)
    throw new HttpError(401, 'authentication required: send an API key id and secret with HTTP Basic authentication');
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match)
    throw new HttpError(401, 'invalid Authorization header: HTTP Basic authentication with an API key is required');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const keyId = colon > 0 ? decoded.slice(0, colon) : '';
  const secret = colon > 0 ? decoded.slice(colon + 1) : '';
  const key = keyId ? ctx.state.findKeyByKeyId(keyId) : undefined;
  if (!key || !secret || !ctx.state.secrets.matches(secret, key.secretHash))
    throw new HttpError(401, 'invalid API key id or secret');
  if (key.state !== 'enabled') throw new HttpError(401, 'API key is disabled');
  if (key.expireAt && Date.parse(key.expireAt) <= Date.now()) throw new HttpError(401, 'API key has expired');
  if (
    !ipAllowed(
      key.ipAccessList.map((e) => e.source),
      ctx.remoteAddress,
    )
  ) {
    throw new HttpError(
      401,
      `API key is not allowed from ${ctx.remoteAddress}: the address is not in its IP access list`,
    );
  }
  key.usedAt = new Date().toISOString();
  return key;
}

export function authorize(key: ApiKey, access: Access): void {
  if (key.roles.includes('admin')) return;
  if (access === 'developer' && key.roles.includes('developer')) return;
  throw new HttpError(
    403,
    access === 'admin'
      ? 'this operation requires an API key with the admin role'
      : 'this operation requires an API key with the admin or developer role',
  );
}
