import { withoutNulls } from '../http/absent';
import { HttpError } from '../http/errors';
import { newUuid, randomAlphanumeric } from '../prng';
import type { ApiKey } from '../state';
import { ORG, route, type CloudContext, type CloudRouter } from './context';
import { NO_RESULT } from './envelope';
import { parseKeyCreate, parseKeyUpdate } from './key-input';
import { objectBody, requireOrganization, uuidParam } from './lookup';

export const KEY_ID_LENGTH = 20;
export const KEY_SECRET_LENGTH = 42;

/** The record never carries the secret or its hash; `keySuffix` is the tail of the Basic-auth id. */
export function keyRecord(key: ApiKey) {
  return withoutNulls({
    id: key.id,
    name: key.name,
    state: key.state,
    roles: [...key.roles],
    keySuffix: key.keyId.slice(-4),
    createdAt: key.createdAt,
    expireAt: key.expireAt,
    usedAt: key.usedAt,
    ipAccessList: key.ipAccessList.map((e) => ({ ...e })),
  });
}

function requireKey(ctx: CloudContext): ApiKey {
  requireOrganization(ctx);
  const id = uuidParam(ctx, 'keyId');
  const key = ctx.state.keys.get(id);
  if (!key) throw new HttpError(404, `API key ${id} not found`);
  return key;
}

function newKeyId(ctx: CloudContext): string {
  for (;;) {
    const keyId = randomAlphanumeric(KEY_ID_LENGTH);
    if (!ctx.state.findKeyByKeyId(keyId)) return keyId;
  }
}

export function registerKeyRoutes(router: CloudRouter): void {
  router.get(
    `${ORG}/keys`,
    route('admin', (ctx) => {
      requireOrganization(ctx);
      return [...ctx.state.keys.values()].map(keyRecord);
    }),
  );
  router.post(
    `${ORG}/keys`,
    route('admin', (ctx) => {
      requireOrganization(ctx);
      const input = parseKeyCreate(objectBody(ctx));
      const keyId = newKeyId(ctx);
      const keySecret = randomAlphanumeric(KEY_SECRET_LENGTH);
      const key: ApiKey = {
        id: newUuid(),
        ...input,
        keyId,
        secretHash: ctx.state.secrets.hash(keySecret),
        createdAt: new Date().toISOString(),
        usedAt: null,
      };
      ctx.state.keys.set(key.id, key);
      return { key: keyRecord(key), keyId, keySecret };
    }),
  );
  router.get(
    `${ORG}/keys/:keyId`,
    route('admin', (ctx) => keyRecord(requireKey(ctx))),
  );
  router.patch(
    `${ORG}/keys/:keyId`,
    route('admin', (ctx) => {
      const key = requireKey(ctx);
      Object.assign(key, parseKeyUpdate(objectBody(ctx)));
      return keyRecord(key);
    }),
  );
  router.delete(
    `${ORG}/keys/:keyId`,
    route('admin', (ctx) => {
      const key = requireKey(ctx);
      if (key.id === ctx.key.id)
        throw new HttpError(400, 'an API key cannot delete itself; delete it with another admin key');
      ctx.state.keys.delete(key.id);
      return NO_RESULT;
    }),
  );
}
