/**
 * `npm run users -- role NAME ROLE --service KEY` checks KEY against the organization's services
 * (the cloud API's list, as the Users page does): a known id or name is stored by id, a service the
 * organization does not have is refused naming it, and a cloud that cannot be reached refuses too.
 * Nothing is stored unchecked. The cloud is the emulator, in this process. The first case runs the
 * command as its own process, as package.json's script does (the react-server condition is what lets
 * it load the console's upstream client); the others run the same command in this process with the
 * same environment (test/support/users-cli.ts), a Node start and a compile each fewer.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@/emulator';
import { UsersStore } from '@/lib/local/users-store';
import { openDatabase } from '@/lib/server/db/open';
import type { Database } from '@/lib/server/db/types';
import { seededDataFolder } from '../support/embedded-data-folder';
import { runUsersCli, runUsersInProcess } from '../support/users-cli';

const ORGANIZATION = '6a0b3c1e-2d4f-4a5b-8c9d-0e1f2a3b4c5d';
const DEFAULT_SERVICE = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';
const FOREIGN_SERVICE = '0f0e0d0c-0b0a-4908-8706-050403020100';

let emulator: RunningEmulator;
let cloudEnv: Record<string, string>;
let staging: { id: string; name: string };
let dataDir: string;
let consoleDb: Database;
let store: UsersStore;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const users = (args: string[], env: Record<string, string> = cloudEnv) => runUsersInProcess(dataDir, args, { env });
const usersProcess = (args: string[]) => runUsersCli(dataDir, args, { env: cloudEnv });

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    quiet: true,
    queryEngine: false,
    organizationId: ORGANIZATION,
    serviceId: DEFAULT_SERVICE,
    cloudKeyId: 'cli-key-id',
    cloudKeySecret: 'cli-key-secret',
    observabilityApiKey: 'cli-oss-key',
  });
  cloudEnv = {
    CLOUD_API_URL: emulator.cloudUrl,
    CLOUD_API_KEY_ID: 'cli-key-id',
    CLOUD_API_KEY_SECRET: 'cli-key-secret',
    CLOUD_ORGANIZATION_ID: ORGANIZATION,
    CLOUD_SERVICE_ID: DEFAULT_SERVICE,
  };
  const listed = await fetch(`${emulator.cloudUrl}/v1/organizations/${ORGANIZATION}/services`, {
    headers: { authorization: `Basic ${Buffer.from('cli-key-id:cli-key-secret').toString('base64')}` },
  });
  const services = ((await listed.json()) as { result: { id: string; name: string }[] }).result;
  staging = services.find((service) => service.name === 'Staging')!;
  expect(staging).toBeDefined();
  // The console holds the embedded database; the command reaches it through the console's socket.
  dataDir = await seededDataFolder('sluice-cli-service-');
  consoleDb = await openDatabase({ role: 'server', env: { SLUICE_DATA_DIR: dataDir } });
  store = new UsersStore(consoleDb);
  await store.add('sam', 'viewer', 'long-enough');
}, 60_000);

afterAll(async () => {
  await consoleDb?.close();
  await emulator?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await store.setServiceRoles('sam', { [staging.id]: null });
});

describe('npm run users -- role NAME ROLE --service', () => {
  it('stores a role on a service the organization has, by id, and names the service', async () => {
    const run = await usersProcess(['role', 'sam', 'editor', '--service', staging.id]);
    expect(run).toMatchObject({
      status: 0,
      stdout: expect.stringContaining(`sam is now editor on Staging (${staging.id})`),
    });
    expect((await store.find('sam'))?.services).toEqual({ [staging.id]: 'editor' });
    const [event] = await consoleDb.query<{ operation: string; target_name: string; changes: string }>(
      'select operation, target_name, changes from audit_events order by id desc limit 1',
    );
    expect(event).toEqual({ operation: 'user.update', target_name: 'sam', changes: `services.${staging.id}` });
  }, 60_000);

  it('takes a service by its name, as OIDC_ROLE_MAP does, and stores it by id; `default` clears it', async () => {
    expect((await users(['role', 'sam', 'admin', '--service', 'Staging'])).status).toBe(0);
    expect((await store.find('sam'))?.services).toEqual({ [staging.id]: 'admin' });
    const cleared = await users(['role', 'sam', 'default', '--service', staging.id]);
    expect(cleared.stdout).toContain('sam now has their organization-wide role on');
    expect((await store.find('sam'))?.services).toEqual({});
  }, 60_000);

  it('clears a role the user holds on an id without the cloud, so a deleted service’s role can go', async () => {
    await store.setServiceRoles('sam', { [FOREIGN_SERVICE]: 'editor' });
    const run = await users(['role', 'sam', 'default', '--service', FOREIGN_SERVICE], {
      ...cloudEnv,
      CLOUD_API_URL: '',
    });
    expect(run).toMatchObject({
      status: 0,
      stdout: expect.stringContaining(`organization-wide role on ${FOREIGN_SERVICE}`),
    });
    expect((await store.find('sam'))?.services).toEqual({});
  }, 60_000);

  it.each([
    ['an id of another organization', FOREIGN_SERVICE],
    ['a name the organization does not use', 'svc-staging'],
  ])(
    'refuses %s, naming it and the services there are, and changes nothing',
    async (_what, key) => {
      const run = await users(['role', 'sam', 'editor', '--service', key]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Error: No service "${key}" in this organization; its services: `);
      expect(run.stderr).toContain(`Staging (${staging.id})`);
      expect(run.stderr).toContain('No change made.');
      expect((await store.find('sam'))?.services).toEqual({});
    },
    60_000,
  );

  it('refuses when the cloud cannot be reached, saying so, rather than store an unchecked id', async () => {
    const run = await users(['role', 'sam', 'editor', '--service', staging.id], {
      ...cloudEnv,
      CLOUD_API_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Error: Could not check service "${staging.id}" against the organization's services:`);
    expect(run.stderr).toMatch(/ECONNREFUSED|could not be reached|unavailable/i);
    expect(run.stderr).toContain('No change made.');
    expect((await store.find('sam'))?.services).toEqual({});
  }, 60_000);

  it('refuses when no cloud is configured, naming the variable to set', async () => {
    const run = await users(['role', 'sam', 'editor', '--service', staging.id], { ...cloudEnv, CLOUD_API_URL: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CLOUD_API_URL');
    expect(run.stderr).toContain('No change made.');
    expect((await store.find('sam'))?.services).toEqual({});
  }, 60_000);
});
