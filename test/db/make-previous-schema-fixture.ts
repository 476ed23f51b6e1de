/**
 * Not part of the console: makes fixtures/schema-001-users.tar.gz, an embedded database as the
 * release before the audit log left it (its only migration was 001-users, applied the way that
 * release's migrate() did), with a password user and a single sign-on user. previous-schema.test.ts
 * opens it with today's code. Run once: `npx tsx test/db/make-previous-schema-fixture.ts`; the
 * file is committed, so later schemas are always tested against the same old database.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { hashPassword } from '../../lib/local/passwords';
import { MIGRATIONS } from '../../lib/server/db/migrations';

const engine = await PGlite.create();
await engine.query(
  'create table if not exists sluice_migrations (id text primary key, applied_at timestamptz not null default now())',
);
const [usersMigration] = MIGRATIONS;
if (usersMigration?.id !== '001-users') throw new Error('the first migration is no longer 001-users');
for (const statement of usersMigration.statements) await engine.query(statement);
await engine.query('insert into sluice_migrations (id) values ($1)', [usersMigration.id]);
await engine.query(
  `insert into users (id, name, method, role, password_hash, credential_tag) values
     ('ada', 'ada', 'password', 'editor', $1, 'tag-ada'),
     ('sso:0123456789abcdef:42', 'Grace', 'sso', 'viewer', null, 'tag-grace')`,
  [hashPassword('ada-password-1')],
);
const dump = await engine.dumpDataDir('gzip');
await engine.close();
const file = path.join(import.meta.dirname, 'fixtures', 'schema-001-users.tar.gz');
writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
console.log(`wrote ${file}`);
