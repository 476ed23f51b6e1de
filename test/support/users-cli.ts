/**
 * `npm run users -- …` for tests (test-side only): as a separate process, the way an operator runs
 * it, or the same command in the test's own process.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { resetEnvCache } from '@/lib/server/env';
import { runUsersCommand } from '../../scripts/users-command';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Its standard input (a pipe, not a terminal). */
  input?: string;
  /** Variables over the test's environment. */
  env?: Record<string, string>;
}

/** What every run sees unless `env` sets it: the data folder, and no built-in admin password nor Postgres. */
const baseEnv = (dataDir: string, env: Record<string, string>) => ({
  SLUICE_DATA_DIR: dataDir,
  CONSOLE_ADMIN_PASSWORD: '',
  DATABASE_URL: '',
  ...env,
});

/**
 * The command as its own process on the data folder `dataDir`: its arguments, standard streams
 * and exit code. Each run costs a Node start and a compile (seconds), so a test file runs a few
 * this way and the rest through `runUsersInProcess`.
 */
export function runUsersCli(
  dataDir: string,
  args: string[],
  { input = '', env = {} }: CliOptions = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    // As package.json's `users` script runs it: the react-server condition lets it use the console's upstream client.
    const child = spawn(
      process.execPath,
      [tsx, '--conditions=react-server', path.join(root, 'scripts', 'users.ts'), ...args],
      { cwd: root, env: { ...process.env, ...baseEnv(dataDir, env) } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/**
 * The same command run in this process (scripts/users-command.ts, the code behind scripts/users.ts)
 * with the same environment `runUsersCli` gives the process, put in place for the run and taken
 * back after it (with the console's cached settings, so the next run reads its own). It reaches
 * the database as the process does (directly, or through the console's socket when a console holds
 * it) and answers the exit code the process would exit with, its output lines as the process prints them.
 */
export async function runUsersInProcess(
  dataDir: string,
  args: string[],
  { input = '', env = {} }: CliOptions = {},
): Promise<CliRun> {
  const variables = baseEnv(dataDir, env);
  const before = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  resetEnvCache();
  const stdout: string[] = [];
  const stderr: string[] = [];
  try {
    const status = await runUsersCommand(args, {
      stdin: Readable.from([input]),
      print: (line) => stdout.push(`${line}\n`),
      printError: (line) => stderr.push(`${line}\n`),
    });
    return { status, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  }
}
