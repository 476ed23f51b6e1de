import type { DirectDatabase } from './types';

/**
 * The console's schema, in order. Each migration runs once, in one transaction; the same SQL runs
 * on PGlite and on Postgres. Never edit one that has shipped: add the next.
 */
export const MIGRATIONS: ReadonlyArray<{ id: string; statements: readonly string[] }> = [
  {
    id: '001-users',
    statements: [
      `create table users (
        -- A local user's name, or 'sso:' + issuer hash + ':' + subject for single sign-on.
        id text primary key,
        name text not null,
        method text not null check (method in ('password', 'sso')),
        role text not null check (role in ('viewer', 'editor', 'admin')),
        password_hash text,
        -- Changes with the password (or the single sign-on record), ending older sessions.
        credential_tag text not null,
        email text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        last_sign_in_at timestamptz,
        check ((method = 'password') = (password_hash is not null))
      )`,
    ],
  },
  {
    id: '002-audit-events',
    statements: [
      `create table audit_events (
        id bigserial primary key,
        at timestamptz not null default now(),
        actor text not null,
        actor_role text,
        auth_method text,
        operation text not null,
        target_type text,
        target_id text,
        target_name text,
        outcome text not null check (outcome in ('success', 'failure')),
        status integer not null,
        request_id text not null,
        error_code text,
        changes text,
        client_address text
      )`,
      // Newest first is id order (append order, whatever the clocks of several consoles say).
      'create index audit_events_by_actor on audit_events (actor, id desc)',
      'create index audit_events_by_operation on audit_events (operation, id desc)',
      'create index audit_events_by_time on audit_events (at)',
      'create index audit_events_by_target on audit_events (target_id, id desc) where target_id is not null',
    ],
  },
  {
    id: '005-history',
    statements: [
      `create table history_versions (
        id bigserial primary key,
        kind text not null,
        object_id text not null,
        version integer not null,
        at timestamptz not null default now(),
        -- The console user; null for a change seen outside Sluice.
        author text,
        source text not null check (source in ('sluice', 'outside', 'restore')),
        summary text not null,
        request_id text,
        message text,
        -- sha256 of the object's canonical JSON: a read compares it, not the object.
        content_hash text not null,
        -- The object as text, whole: a field the console does not know is kept and restored as it was.
        object text not null,
        -- Where the object lives (organization, service) when its id alone does not say.
        context text,
        unique (kind, object_id, version)
      )`,
      'create index history_versions_by_time on history_versions (at)',
      `create table history_deleted (
        kind text not null,
        object_id text not null,
        name text not null,
        deleted_at timestamptz not null default now(),
        deleted_by text not null,
        request_id text,
        -- Alerts deleted with their dashboard name it, so restoring the dashboard brings them back.
        deleted_with text,
        primary key (kind, object_id)
      )`,
      'create index history_deleted_by_time on history_deleted (deleted_at desc)',
    ],
  },
];

/** Several consoles may start at once against one Postgres: the first migrates, the others wait for it. */
const MIGRATION_LOCK = 7_261_011;

export async function migrate(db: DirectDatabase): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Inside the lock: two `create table if not exists` at once can still collide in Postgres.
    await tx.query('create table if not exists sluice_migrations (id text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await tx.query<{ id: string }>('select id from sluice_migrations')).map((row) => row.id));
    const applied: string[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      // One statement per call: the extended protocol (PGlite's and pg's with parameters) takes no more.
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('insert into sluice_migrations (id) values ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
