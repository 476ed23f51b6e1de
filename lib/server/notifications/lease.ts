import type { Queryable } from '../db/types';

/**
 * Which console evaluates rules and sends: the holder of a row in the database, for as long as it
 * renews it (every round; it lapses `ttlSeconds` after the holder stops). Works the same on PGlite
 * (one process, or several over its socket) and on a Postgres shared by several consoles: the
 * update is one statement, so two candidates never both win.
 *
 * Short, because while it outlives a holder that was killed nobody evaluates: a pipe that recovers
 * and fails again within that gap is seen as one failure (its "resolved" and the next "firing" are
 * never sent). The holder renews it at half its life on the outbox tick (every 2 s), so the gap
 * after a kill is at most about 12 s.
 */
export const LEASE_TTL_SECONDS = 10;

export async function holdLease(
  db: Queryable,
  holder: string,
  ttlSeconds = LEASE_TTL_SECONDS,
  name = 'notifications',
): Promise<boolean> {
  const rows = await db.query<{ holder: string }>(
    `insert into notify_lease (name, holder, expires_at) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
       where notify_lease.holder = excluded.holder or notify_lease.expires_at < now()
     returning holder`,
    [name, holder, ttlSeconds],
  );
  return rows[0]?.holder === holder;
}

/** A console that stops lets another take over at once instead of after the lease lapses. */
export async function releaseLease(db: Queryable, holder: string, name = 'notifications'): Promise<void> {
  await db.query('delete from notify_lease where name = $1 and holder = $2', [name, holder]);
}
