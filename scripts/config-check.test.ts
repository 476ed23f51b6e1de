import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sluice-config-check-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a script as `npm run` would, with only the variables given (and a data folder of its own). */
function run(
  script: string,
  variables: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [tsxCli, path.join(root, 'scripts', script)], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SLUICE_DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ...variables,
    } as NodeJS.ProcessEnv,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run config:check', () => {
  it('exits 0 and says what it would use when nothing is wrong', async () => {
    const result = await run('config-check.ts', {});
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Configuration: no problem found');
    expect(result.stdout).toContain(`the embedded database in ${path.join(dataDir, 'db')}`);
  });

  it('exits 1 with one line per malformed variable', async () => {
    const result = await run('config-check.ts', {
      PORT: 'abc',
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'c',
      OIDC_ROLE_MAP: 'ops=root',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Configuration: PORT must be a port number between 1 and 65535, got "abc"',
      'Configuration: OIDC_ROLE_MAP: "ops=root" names the role "root"; use one of viewer, editor, admin',
    ]);
  });
});

describe('npm start with a malformed variable', () => {
  it('refuses to start, with the one line naming it, before building or opening anything', async () => {
    const result = await run('start.ts', { SESSION_SECRET: 'too-short' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Configuration: SESSION_SECRET must be at least 32 characters long (it has 9); unset it to let the console generate one in its data folder',
    );
    expect(result.stdout).toBe('');
  });
});
