/**
 * Direct reads of the emulator's cloud surface, to check what the console's actions really did
 * upstream (or to try a key the console just created). Test-side only: never used by the app.
 */
import { E2E, cloudEmulatorUrl } from '../fixtures/env';

export interface Credentials {
  keyId: string;
  secret: string;
}

/** The console's own key, as the suite configured it. */
export const CONSOLE_KEY: Credentials = { keyId: E2E.cloudKeyId, secret: E2E.cloudKeySecret };

export const organizationPath = `/v1/organizations/${E2E.organizationId}`;
export const servicePath = `${organizationPath}/services/${E2E.serviceId}`;

export function basicAuth({ keyId, secret }: Credentials): string {
  return `Basic ${Buffer.from(`${keyId}:${secret}`, 'utf8').toString('base64')}`;
}

/** GET on the cloud surface; returns the status and the envelope's `result`. */
export async function cloudGet<T = unknown>(
  path: string,
  credentials: Credentials = CONSOLE_KEY,
): Promise<{ status: number; result: T | undefined; error: string | undefined }> {
  const response = await fetch(`${cloudEmulatorUrl}${path}`, {
    headers: { authorization: basicAuth(credentials), accept: 'application/json' },
  });
  const body = (await response.json()) as { result?: T; error?: string };
  return { status: response.status, result: body.result, error: body.error };
}

/** The id of the seeded pipe with this name, as the service lists it. */
export async function pipeIdByName(name: string): Promise<string> {
  const pipes = await cloudGet<{ id: string; name: string }[]>(`${servicePath}/clickpipes`);
  const pipe = pipes.result?.find((candidate) => candidate.name === name);
  if (!pipe) throw new Error(`no pipe named ${name} on the emulator`);
  return pipe.id;
}
