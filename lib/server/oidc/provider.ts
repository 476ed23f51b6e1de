import 'server-only';
import * as client from 'openid-client';
import { log } from '../log';
import type { OidcSettings } from './settings';

/** The provider could not be reached or described itself wrongly; the message is safe to show. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** How long the sign-in page trusts the last reachability check. */
const STATUS_TTL_MS = 15_000;
const DISCOVERY_TIMEOUT_SECONDS = 4;

interface Discovered {
  key: string;
  config?: client.Configuration;
  problem?: string;
  checkedAt: number;
}

const SLOT = Symbol.for('sluice.oidcProvider');
type Global = typeof globalThis & { [SLOT]?: Discovered };
const global = globalThis as Global;

function settingsKey(settings: OidcSettings): string {
  return JSON.stringify([settings.issuer.href, settings.clientId, settings.clientSecret ?? '']);
}

/** A reason a person can act on: the cause's code ("ECONNREFUSED") rather than "fetch failed". */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code === 'ECONNREFUSED' ? 'connection refused' : cause.code;
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError')
      return `no answer within ${DISCOVERY_TIMEOUT_SECONDS} s`;
    return error.message;
  }
  return String(error);
}

function unavailable(settings: OidcSettings, reason: string): string {
  return `Could not reach ${settings.providerName} (${settings.issuer.href}): ${reason}`;
}

/**
 * The provider's configuration from its discovery document. `fresh` asks the provider again (a
 * sign-in about to send the browser there); otherwise a result younger than 15 s is reused.
 */
export async function providerConfiguration(
  settings: OidcSettings,
  { fresh = false } = {},
): Promise<client.Configuration> {
  const key = settingsKey(settings);
  const known = global[SLOT];
  if (!fresh && known?.key === key && Date.now() - known.checkedAt < STATUS_TTL_MS) {
    if (known.config) return known.config;
    throw new ProviderUnavailableError(known.problem ?? unavailable(settings, 'unknown problem'));
  }
  const insecure = settings.issuer.protocol === 'http:';
  try {
    const config = await client.discovery(
      settings.issuer,
      settings.clientId,
      settings.clientSecret,
      settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
      { timeout: DISCOVERY_TIMEOUT_SECONDS, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
    );
    global[SLOT] = { key, config, checkedAt: Date.now() };
    return config;
  } catch (error) {
    const problem = unavailable(settings, describe(error));
    log.warn({ err: error, issuer: settings.issuer.href }, 'single sign-on provider unavailable');
    global[SLOT] = { key, problem, checkedAt: Date.now() };
    throw new ProviderUnavailableError(problem);
  }
}

export type ProviderStatus = { available: true } | { available: false; problem: string };

/** For the sign-in page: whether the provider answers, without ever throwing. */
export async function providerStatus(settings: OidcSettings): Promise<ProviderStatus> {
  try {
    await providerConfiguration(settings);
    return { available: true };
  } catch (error) {
    return {
      available: false,
      problem: error instanceof ProviderUnavailableError ? error.message : unavailable(settings, describe(error)),
    };
  }
}
