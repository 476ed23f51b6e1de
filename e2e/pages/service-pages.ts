/** Addresses of a service's console pages, and the services the emulator seeds (test-side only). */
import { E2E } from '../fixtures/env';
import { cloudGet, organizationPath } from './upstream';

/** A page of a service, by default the suite's CLOUD_SERVICE_ID: `servicePage('pipes', 'new')` → `/services/{id}/pipes/new`. */
export function servicePage(...segments: string[]): string {
  return servicePageOf(E2E.serviceId, ...segments);
}

export function servicePageOf(serviceId: string, ...segments: string[]): string {
  return ['', 'services', serviceId, ...segments].map(encodeURIComponent).join('/');
}

export interface SeededService {
  id: string;
  name: string;
  provider?: string;
  region?: string;
  state?: string;
}

/** Every service of the organization, as the emulator lists them. */
export async function seededServices(): Promise<SeededService[]> {
  const listed = await cloudGet<SeededService[]>(`${organizationPath}/services`);
  if (!Array.isArray(listed.result))
    throw new Error(`the emulator listed no services: ${listed.error ?? listed.status}`);
  return listed.result;
}

/** The names of a service's pipes, as the emulator lists them. */
export async function pipeNamesOf(serviceId: string): Promise<string[]> {
  const listed = await cloudGet<{ name: string }[]>(`${organizationPath}/services/${serviceId}/clickpipes`);
  return (listed.result ?? []).map((pipe) => pipe.name);
}
