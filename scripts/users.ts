/**
 * Console users: `npm run users -- add NAME --role viewer|editor|admin [--password-stdin]`,
 * `remove NAME`, `passwd NAME [--password-stdin]`, `role NAME ROLE [--service ID]`, `list`
 * (scripts/users-command.ts). Exits 0 when done, 1 when refused, 2 on a usage error.
 */
import { runUsersCommand } from './users-command';

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
