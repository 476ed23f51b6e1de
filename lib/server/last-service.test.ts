import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './db/testing';
import type { PgliteDatabase } from './db/pglite';
import { readLastService, writeLastService } from './last-service';

let db: PgliteDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
  for (const id of ['ana', 'ben'])
    await db.query(
      `insert into users (id, name, method, role, password_hash, credential_tag) values ($1, $1, 'password', 'viewer', 'x', 't')`,
      [id],
    );
});
afterAll(() => db.close());

describe('the last service a user used', () => {
  it('is null before their first service page', async () => {
    expect(await readLastService(db, 'ana')).toBeNull();
  });

  it('is the one written last, per user', async () => {
    await writeLastService(db, 'ana', 'service-a');
    await writeLastService(db, 'ben', 'service-b');
    await writeLastService(db, 'ana', 'service-c');
    expect(await readLastService(db, 'ana')).toBe('service-c');
    expect(await readLastService(db, 'ben')).toBe('service-b');
  });

  it('goes with the user when the user is removed', async () => {
    await db.query(`delete from users where id = 'ben'`);
    expect(await db.query(`select * from user_last_service where user_id = 'ben'`)).toEqual([]);
  });
});
