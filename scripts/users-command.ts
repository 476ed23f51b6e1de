/**
 * What `npm run users` does (scripts/users.ts is its process: arguments, standard streams, exit
 * code). Apart from it so the tests can run a command in their own process against a database they
 * hold, and keep a real process only where the process itself is what they check.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { ROLES } from '../lib/auth/roles';
import { withUsersStore } from '../lib/local/open-users';
import { recordToolChange } from '../lib/local/tool-audit';
import { BUILT_IN_ADMIN, UserStoreError, validatePassword, validateUserName } from '../lib/local/users-store';
import { DatabaseOpenError } from '../lib/server/db/open';
import { ServiceCheckError } from './service-check-error';

/** Where a command reads a password from and writes its lines to. */
export interface UsersCommandIo {
  /** Read to its end with --password-stdin; asked on when it is a terminal; else a password is generated. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** One line of the command's output. */
  print: (line: string) => void;
  /** One line of its error output. */
  printError: (line: string) => void;
}

const USAGE = `Usage:
  npm run users -- add NAME --role ${ROLES.join('|')} [--password-stdin]
  npm run users -- remove NAME
  npm run users -- passwd NAME [--password-stdin]
  npm run users -- role NAME ${ROLES.join('|')}|default [--service ID]
  npm run users -- list

Without --password-stdin the password is asked for twice on a terminal, or generated and
printed when stdin is not a terminal. Users live in the console's database: Postgres when
DATABASE_URL is set, else the embedded one in ${'$'}SLUICE_DATA_DIR/db (default .data/), shared
with a running console. \`remove\` also removes a single sign-on user (by id or name), ending
their sessions until they sign in again. \`role\` changes a role in place (open sessions see it on
their next request); with --service it sets the user's role on that one service (its id or its
name, checked against the organization's services with the console's cloud settings: environment
or .env), and \`default\` there clears it so the organization-wide role applies again. The last
admin cannot be demoted or removed. Every change is in the audit log, by the shell's account.`;

class UsageError extends Error {}

interface Parsed {
  command: string | undefined;
  name: string | undefined;
  role: string | undefined;
  /** `role`'s new role, the second positional argument. */
  value: string | undefined;
  service: string | undefined;
  passwordStdin: boolean;
}

function parseArguments(argv: string[]): Parsed {
  const parsed: Parsed = {
    command: undefined,
    name: undefined,
    role: undefined,
    value: undefined,
    service: undefined,
    passwordStdin: false,
  };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--password-stdin') parsed.passwordStdin = true;
    else if (arg === '--role') {
      parsed.role = argv[++i];
      if (parsed.role === undefined) throw new UsageError('--role needs a value');
    } else if (arg.startsWith('--role=')) parsed.role = arg.slice('--role='.length);
    else if (arg === '--service') {
      parsed.service = argv[++i];
      if (parsed.service === undefined) throw new UsageError('--service needs a service id or name');
    } else if (arg.startsWith('--service=')) parsed.service = arg.slice('--service='.length);
    else if (arg === '--help' || arg === '-h') parsed.command = 'help';
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  if (parsed.command !== 'help') [parsed.command, parsed.name, parsed.value] = positional;
  const allowed = parsed.command === 'role' ? 3 : 2;
  if (positional.length > allowed) throw new UsageError(`Unexpected argument ${positional[allowed]}`);
  return parsed;
}

async function readStdin(stdin: UsersCommandIo['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
  // One trailing newline is the shell's (`echo`), not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(stdin: UsersCommandIo['stdin'], question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function obtainPassword(
  io: UsersCommandIo,
  passwordStdin: boolean,
): Promise<{ password: string; generated: boolean }> {
  if (passwordStdin) {
    const password = await readStdin(io.stdin);
    validatePassword(password);
    return { password, generated: false };
  }
  if (!io.stdin.isTTY) return { password: randomBytes(18).toString('base64url'), generated: true };
  const password = await askHidden(io.stdin, 'Password: ');
  validatePassword(password);
  const again = await askHidden(io.stdin, 'Repeat password: ');
  if (again !== password) throw new UserStoreError('The passwords do not match');
  return { password, generated: false };
}

function requireName(command: string, name: string | undefined): string {
  if (!name) throw new UsageError(`${command} needs a user name`);
  return name;
}

async function run(argv: string[], io: UsersCommandIo): Promise<void> {
  const { command, name, role, value, service, passwordStdin } = parseArguments(argv);
  switch (command) {
    case 'add': {
      const user = requireName('add', name);
      validateUserName(user);
      if (!role) throw new UsageError(`add needs --role ${ROLES.join('|')}`);
      if (!(ROLES as readonly string[]).includes(role)) {
        throw new UsageError(`Invalid role "${role}": use one of ${ROLES.join(', ')}`);
      }
      const { password, generated } = await obtainPassword(io, passwordStdin);
      const where = await withUsersStore(async (store) => {
        await store.add(user, role, password);
        await recordToolChange(store.db, { operation: 'user.create', user });
        return store.db.description;
      });
      io.print(`Added ${user} (${role}) to ${where}`);
      if (generated) io.print(`Generated password for ${user}: ${password}`);
      return;
    }
    case 'remove': {
      const user = requireName('remove', name);
      await withUsersStore(async (store) => {
        await store.remove(user);
        await recordToolChange(store.db, { operation: 'user.delete', user });
      });
      io.print(`Removed ${user}`);
      return;
    }
    case 'passwd': {
      const user = requireName('passwd', name);
      const { password, generated } = await obtainPassword(io, passwordStdin);
      await withUsersStore(async (store) => {
        await store.setPassword(user, password);
        await recordToolChange(store.db, { operation: 'user.password-reset', user });
      });
      io.print(`Changed the password of ${user}; their open sessions end now`);
      if (generated) io.print(`Generated password for ${user}: ${password}`);
      if (user === BUILT_IN_ADMIN && process.env.CONSOLE_ADMIN_PASSWORD) {
        io.print('Note: CONSOLE_ADMIN_PASSWORD is set, and while it is, it is the admin password that counts');
      }
      return;
    }
    case 'role': {
      const user = requireName('role', name);
      const allowed = service ? [...ROLES, 'default'] : ROLES;
      if (!value || !(allowed as readonly string[]).includes(value)) {
        throw new UsageError(`role needs a new role: one of ${allowed.join(', ')}`);
      }
      if (service) {
        // The upstream client logs its failures as the console does (JSON on stdout); here the
        // command says what went wrong itself, so that log is kept quiet. Loaded after that is set.
        process.env.LOG_LEVEL = 'silent';
        const { resolveRoleService } = await import('./users-service-check');
        const label = await withUsersStore(async (store) => {
          const current = await store.find(user);
          if (!current) throw new UserStoreError(`No user named "${user}"`, 'not-found');
          // A role the user holds on an id can be cleared without asking the cloud (the service may be gone).
          const target =
            value === 'default' && Object.hasOwn(current.services, service)
              ? { id: service, name: service }
              : await resolveRoleService(service);
          await store.setServiceRoles(user, { [target.id]: value === 'default' ? null : value });
          await recordToolChange(store.db, { operation: 'user.update', user, changes: `services.${target.id}` });
          return target.name === target.id ? target.id : `${target.name} (${target.id})`;
        });
        io.print(
          value === 'default'
            ? `${user} now has their organization-wide role on ${label}`
            : `${user} is now ${value} on ${label}`,
        );
      } else {
        await withUsersStore(async (store) => {
          await store.setRole(user, value);
          await recordToolChange(store.db, { operation: 'user.update', user, changes: `role=${value}` });
        });
        io.print(`${user} is now ${value}; open sessions see it on their next request`);
      }
      return;
    }
    case 'list': {
      const users = await withUsersStore((store) => store.list());
      if (process.env.CONSOLE_ADMIN_PASSWORD && !users.some((u) => u.id === BUILT_IN_ADMIN)) {
        io.print(`${BUILT_IN_ADMIN}\tadmin\t(password from CONSOLE_ADMIN_PASSWORD)`);
      }
      if (users.length === 0) io.print('No users yet; `npm start` creates the built-in admin');
      for (const user of users) {
        const how = user.method === 'sso' ? `single sign-on\t${user.id}` : 'password';
        const services = Object.entries(user.services)
          .map(([id, serviceRole]) => `${serviceRole}@${id}`)
          .join(',');
        io.print(`${user.name}\t${user.role}\t${user.createdAt}\t${how}${services ? `\t${services}` : ''}`);
      }
      return;
    }
    case 'help':
      io.print(USAGE);
      return;
    case undefined:
      throw new UsageError('Name a command');
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

/**
 * Runs one command (`argv` as after `npm run users --`) and answers its exit code: 0 done, 1 refused
 * (a store or database error), 2 a usage error (with the usage printed).
 */
export async function runUsersCommand(argv: string[], io: UsersCommandIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.printError(`Error: ${error.message}\n\n${USAGE}`);
    else if (
      error instanceof UserStoreError ||
      error instanceof DatabaseOpenError ||
      error instanceof ServiceCheckError
    )
      io.printError(`Error: ${error.message}`);
    else io.printError(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof UsageError ? 2 : 1;
  }
}
