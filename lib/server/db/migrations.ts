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
    id: '003-pipe-history',
    statements: [
      // Times are epoch milliseconds (bigint), as the sampler and the charts count them.
      // One row per pipe per scrape for the last day: what the counters gained since the scrape
      // before (over dt_ms) and the gauges as that scrape read them.
      `create table pipe_samples (
        pipe_id text not null,
        service_id text not null,
        at bigint not null,
        dt_ms bigint not null,
        rows double precision not null,
        bytes double precision not null,
        errors double precision not null,
        latency_ms double precision,
        replication_lag_mib double precision,
        cpu_millicores double precision,
        cpu_limit_millicores double precision,
        memory_bytes double precision,
        memory_limit_bytes double precision,
        primary key (pipe_id, at)
      )`,
      'create index pipe_samples_by_service_time on pipe_samples (service_id, at)',
      // Older samples merged into 5-minute buckets: summed gains and time, and each gauge's sum and
      // count, so any wider window is still an exact merge.
      `create table pipe_buckets (
        pipe_id text not null,
        service_id text not null,
        start_at bigint not null,
        last_at bigint not null,
        dt_ms bigint not null,
        rows double precision not null,
        bytes double precision not null,
        errors double precision not null,
        latency_ms_sum double precision not null default 0,
        latency_ms_n integer not null default 0,
        replication_lag_mib_sum double precision not null default 0,
        replication_lag_mib_n integer not null default 0,
        cpu_millicores_sum double precision not null default 0,
        cpu_millicores_n integer not null default 0,
        cpu_limit_millicores_sum double precision not null default 0,
        cpu_limit_millicores_n integer not null default 0,
        memory_bytes_sum double precision not null default 0,
        memory_bytes_n integer not null default 0,
        memory_limit_bytes_sum double precision not null default 0,
        memory_limit_bytes_n integer not null default 0,
        primary key (pipe_id, start_at)
      )`,
      'create index pipe_buckets_by_service_time on pipe_buckets (service_id, start_at)',
      // The newest scrape written of each pipe: the counters the next one is compared with, and its state.
      `create table pipe_latest (
        service_id text not null,
        pipe_id text not null,
        at bigint not null,
        sent_events double precision not null,
        sent_bytes double precision not null,
        fetched_events double precision not null,
        errors_total double precision not null,
        state text,
        primary key (service_id, pipe_id)
      )`,
      // One row per service: the newest scrape written (so several consoles write each scrape once)
      // and when its history was last compacted.
      `create table pipe_history_scrapes (
        service_id text primary key,
        at bigint not null,
        compacted_at bigint not null default 0
      )`,
      `create table pipe_state_changes (
        id bigserial primary key,
        service_id text not null,
        pipe_id text not null,
        at bigint not null,
        from_state text,
        to_state text not null
      )`,
      'create index pipe_state_changes_by_pipe on pipe_state_changes (pipe_id, at)',
      'create index pipe_state_changes_by_time on pipe_state_changes (at)',
    ],
  },
  {
    id: '004-notifications',
    statements: [
      // Secrets (a webhook's signing secret, a Slack webhook URL) only ever as AES-GCM ciphertext.
      `create table notify_channels (
        id text primary key,
        name text not null,
        type text not null check (type in ('slack', 'webhook', 'email', 'console')),
        url text,
        url_ciphertext text,
        secret_ciphertext text,
        recipients text,
        consecutive_failures integer not null default 0,
        broken_at timestamptz,
        last_error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create table notify_rules (
        id text primary key,
        name text not null,
        event text not null,
        scope text,
        threshold double precision,
        for_minutes integer not null default 0,
        channel_ids text not null,
        enabled boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      // One open incident per rule and subject (a pipe, a key, the budget): the firing message goes out once.
      `create table notify_incidents (
        id text primary key,
        rule_id text not null,
        subject text not null,
        state text not null check (state in ('open', 'resolved')),
        details text not null,
        opened_at timestamptz not null default now(),
        reminded_at timestamptz,
        resolved_at timestamptz,
        firing_queued boolean not null default false,
        resolved_queued boolean not null default false
      )`,
      "create unique index notify_incidents_open on notify_incidents (rule_id, subject) where state = 'open'",
      `create table notify_deliveries (
        id text primary key,
        incident_id text,
        channel_id text not null,
        event text not null,
        state text not null check (state in ('firing', 'resolved', 'reminder', 'test')),
        payload text not null,
        status text not null check (status in ('pending', 'sending', 'delivered', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        claimed_until timestamptz,
        created_at timestamptz not null default now(),
        delivered_at timestamptz,
        last_error text
      )`,
      "create index notify_deliveries_due on notify_deliveries (next_attempt_at) where status in ('pending', 'sending')",
      'create index notify_deliveries_by_time on notify_deliveries (created_at desc)',
      `create table notify_attempts (
        id bigserial primary key,
        delivery_id text not null,
        at timestamptz not null default now(),
        outcome text not null check (outcome in ('delivered', 'failed')),
        duration_ms integer not null,
        response_code integer,
        error text
      )`,
      'create index notify_attempts_by_delivery on notify_attempts (delivery_id, id)',
      // The in-console centre: one message for everyone, read or not per user.
      `create table notify_messages (
        id bigserial primary key,
        delivery_id text unique not null,
        at timestamptz not null default now(),
        event text not null,
        state text not null,
        title text not null,
        body text,
        pipe_id text,
        service_id text
      )`,
      'create table notify_reads (user_name text not null, message_id bigint not null, primary key (user_name, message_id))',
      // Who evaluates rules and sends: one console at a time, for as long as it renews the lease.
      'create table notify_lease (name text primary key, holder text not null, expires_at timestamptz not null)',
      // Useful before anyone configures it: failures, recoveries and expiring keys reach the centre.
      "insert into notify_channels (id, name, type) values ('00000000-0000-4000-8000-0000000000c0', 'In-console centre', 'console')",
      `insert into notify_rules (id, name, event, threshold, channel_ids) values
        ('00000000-0000-4000-8000-0000000000a1', 'A pipe failed or recovered', 'pipe_failed', null, '["00000000-0000-4000-8000-0000000000c0"]'),
        ('00000000-0000-4000-8000-0000000000a2', 'An API key expires within 7 days', 'key_expiring', 7, '["00000000-0000-4000-8000-0000000000c0"]')`,
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
  {
    // A user's role on one service, above or below their organization-wide role.
    id: '006-user-service-roles',
    statements: [
      `create table user_service_roles (
        user_id text not null references users (id) on delete cascade,
        service_id text not null,
        role text not null check (role in ('viewer', 'editor', 'admin')),
        primary key (user_id, service_id)
      )`,
    ],
  },
  {
    // The service a user worked in last: the console opens there on their next visit. No foreign
    // key: the built-in admin whose password CONSOLE_ADMIN_PASSWORD sets has no row in users.
    id: '007-user-last-service',
    statements: [
      `create table user_last_service (
        user_id text primary key,
        service_id text not null,
        updated_at timestamptz not null default now()
      )`,
    ],
  },
];

/** Several consoles may start at once against one Postgres: the first migrates, the others wait for it. */
const MIGRATION_LOCK = 7_261_011;

export async function migrate(db: DirectDatabase): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Inside the lock: two `create table if not exists` at once can still collide in Postgres.
    await tx.query(
      'create table if not exists sluice_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
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
