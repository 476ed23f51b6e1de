/** Runs `npm run users -- …` as a separate process, the way an operator does (test-side only). */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The command on the data folder `dataDir`, with `env` over the test's environment; the built-in
 * admin's password and Postgres are left out unless `env` sets them.
 */
export function runUsersCli(
  dataDir: string,
  args: string[],
  { input = '', env = {} }: { input?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    // As package.json's `users` script runs it: the react-server condition lets it use the console's upstream client.
    const child = spawn(
      process.execPath,
      [tsx, '--conditions=react-server', path.join(root, 'scripts', 'users.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, SLUICE_DATA_DIR: dataDir, CONSOLE_ADMIN_PASSWORD: '', DATABASE_URL: '', ...env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}
