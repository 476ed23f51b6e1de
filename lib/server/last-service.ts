import 'server-only';
import { cookies } from 'next/headers';
import { consoleDatabase } from './db/shared';
import type { Queryable } from './db/types';
import { consoleContext } from './env';
import { log } from './log';
import { isOrganizationService } from './service-membership';
import { knownUserFromSeal, SESSION_COOKIE } from './session';

/** The service the user opened last, or null before their first service page. */
export async function readLastService(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ service_id: string }>('select service_id from user_last_service where user_id = $1', [
    userId,
  ]);
  return rows[0]?.service_id ?? null;
}

/** Stores the user's last service; a visit to the same service again writes nothing. */
export async function writeLastService(db: Queryable, userId: string, serviceId: string): Promise<void> {
  await db.query(
    `insert into user_last_service (user_id, service_id) values ($1, $2)
     on conflict (user_id) do update set service_id = excluded.service_id, updated_at = now()
     where user_last_service.service_id <> excluded.service_id`,
    [userId, serviceId],
  );
}

async function signedInUserId(): Promise<string | null> {
  const store = await cookies();
  return (await knownUserFromSeal(store.get(SESSION_COOKIE)?.value))?.id ?? null;
}

/**
 * The service the console opens for the signed-in user: the last one they used while the
 * organization still has it, else `CLOUD_SERVICE_ID` (a first visit, or a service since removed).
 */
export async function defaultServiceId(): Promise<string> {
  const fallback = consoleContext().serviceId;
  try {
    const userId = await signedInUserId();
    if (!userId) return fallback;
    const last = await readLastService(await consoleDatabase(), userId);
    if (!last || last === fallback) return fallback;
    return (await isOrganizationService(last)) === false ? fallback : last;
  } catch (error) {
    // The default is a convenience: without the database the console still opens, on CLOUD_SERVICE_ID.
    log.warn({ err: error }, 'could not read the last service used');
    return fallback;
  }
}

/** Remembers the service page the signed-in user opened, for their next visit. */
export async function rememberLastService(serviceId: string): Promise<void> {
  try {
    const userId = await signedInUserId();
    if (userId) await writeLastService(await consoleDatabase(), userId, serviceId);
  } catch (error) {
    log.warn({ err: error }, 'could not remember the last service used');
  }
}
