import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './db/testing';
import type { PgliteDatabase } from './db/pglite';
import { readLastService, writeLastService } from './last-service';

let db: PgliteDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
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

  it('is kept for a user without a row in users (the built-in admin whose password the environment sets)', async () => {
    await writeLastService(db, 'admin', 'service-a');
    expect(await readLastService(db, 'admin')).toBe('service-a');
  });
});
