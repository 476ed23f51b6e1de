import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './open';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

describe('a database that cannot be opened', () => {
  it('names DATABASE_URL, with its password hidden', async () => {
    await expect(
      openDatabase({ role: 'server', env: { DATABASE_URL: 'postgres://sluice:hunter2@127.0.0.1:1/sluice' } }),
    ).rejects.toThrow(
      /^Cannot open the database in DATABASE_URL \(Postgres at postgres:\/\/sluice:\*\*\*@127\.0\.0\.1:1\/sluice\): .+\. Check DATABASE_URL/,
    );
    await expect(openDatabase({ role: 'server', env: { DATABASE_URL: 'mysql://db/sluice' } })).rejects.toThrow(
      'DATABASE_URL must start with postgres:// or postgresql:// (it starts with mysql://)',
    );
  });

  it('names SLUICE_DATA_DIR when the embedded database cannot be made there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sluice-open-'));
    const file = path.join(dir, 'not-a-folder');
    writeFileSync(file, '');
    try {
      await expect(openDatabase({ role: 'server', env: { SLUICE_DATA_DIR: file } })).rejects.toThrow(
        /^Cannot open the embedded database in .*not-a-folder\/db \(the data folder, SLUICE_DATA_DIR\): .+Check SLUICE_DATA_DIR/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops `npm start` before anything starts, with that message', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sluice-start-'));
    try {
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
        {
          cwd: root,
          env: {
            ...process.env,
            SLUICE_DATA_DIR: dir,
            DATABASE_URL: 'postgres://sluice@127.0.0.1:1/sluice',
            PORT: '1',
            VITEST: '',
          },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /Cannot open the database in DATABASE_URL \(Postgres at postgres:\/\/sluice@127\.0\.0\.1:1\/sluice\)/,
      );
      expect(result.stdout).not.toContain('Building');
      expect(result.stdout).not.toContain('Emulator');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the socket that lends the embedded database', () => {
  it('sits beside it, or in the temporary folder when that path is too long for a Unix socket', async () => {
    const { socketPathFor } = await import('./open');
    expect(socketPathFor('/srv/sluice/.data/db')).toBe('/srv/sluice/.data/db.sock');
    const deep = `/srv/${'very-long-folder-name/'.repeat(6)}db`;
    expect(socketPathFor(deep)).toMatch(new RegExp(`^${tmpdir()}/sluice-db-[0-9a-f]{16}\\.sock$`));
    expect(socketPathFor(deep).length).toBeLessThanOrEqual(100);
  });
});
