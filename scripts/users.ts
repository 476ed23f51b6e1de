/**
 * Console users: `npm run users -- add NAME --role viewer|editor|admin [--password-stdin]`,
 * `remove NAME`, `passwd NAME [--password-stdin]`, `role NAME ROLE [--service ID|NAME]`, `list`
 * (scripts/users-command.ts). Exits 0 when done, 1 when refused, 2 on a usage error.
 * Runs with the `react-server` condition: `--service` is checked with the console's own upstream client.
 */
import path from 'node:path';
import { loadDotEnv } from './dot-env';
import { runUsersCommand } from './users-command';

loadDotEnv(path.resolve(import.meta.dirname, '..'));
runUsersCommand(process.argv.slice(2), {
  stdin: process.stdin,
  print: (line) => console.log(line),
  printError: (line) => console.error(line),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Error:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
