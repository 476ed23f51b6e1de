import 'server-only';
import {
  describeLockout,
  isConsoleKey,
  LOCKOUT_CONFIRM_HEADER,
  lockoutRisks,
  type GuardedChange,
} from '@/lib/keys/console-key';
import type { KeyRecord } from '@/lib/schemas/keys';
import { ApiError } from './errors';
import type { KeyParams } from './route-params';
import { cloudApi } from './upstream/typed';
import { envText } from './env';

/** The tail of the key id the console signs with, as the cloud shows it for each key; undefined when the cloud is not configured. */
export function consoleKeySuffix(): string | undefined {
  const keyId = envText('CLOUD_API_KEY_ID');
  return keyId && keyId.length >= 4 ? keyId.slice(-4) : undefined;
}

/**
 * Refuses (409) a change or a delete that could lock the console out of the cloud API, unless the
 * request carries `X-Sluice-Confirm-Lockout: <key id>`. Reads the key first (one cloud request):
 * the record says whether it is the console's key and what the change takes away. Returns the record.
 */
export async function guardConsoleKey(
  request: Request,
  params: KeyParams,
  change: GuardedChange | 'delete',
): Promise<KeyRecord> {
  const { result } = await cloudApi.request('get', '/v1/organizations/{organizationId}/keys/{keyId}', { params });
  const key = result as KeyRecord;
  if (!isConsoleKey(key, consoleKeySuffix())) return key;
  const risks = lockoutRisks(key, change);
  if (risks.length === 0) return key;
  if (request.headers.get(LOCKOUT_CONFIRM_HEADER)?.trim() === params.keyId) return key;
  throw new ApiError(
    409,
    'LOCKOUT_CONFIRMATION_REQUIRED',
    `“${key.name}” (…${key.keySuffix}) is the key this console uses. ${describeLockout(risks, change)} ` +
      `To go ahead, send the request again with the header ${LOCKOUT_CONFIRM_HEADER}: ${params.keyId}.`,
  );
}
