import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkResponse } from '@/lib/contract/validator';
import { startEmulator } from '@/emulator';
import { log } from '../log';
import { checkUpstreamAnswer } from './contract-check';

vi.mock('@/lib/contract/validator', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/contract/validator')>();
  return { ...original, checkResponse: vi.fn(original.checkResponse) };
});

let path = '';
let valid: { result: Record<string, unknown>[] };
let invalid: unknown;

beforeAll(async () => {
  // The emulator's answer, which meets the published contract (emulator/test/contract-*.test.ts).
  const emulator = await startEmulator({ port: 0, quiet: true });
  path = `/v1/organizations/${emulator.organizationId}/keys`;
  const basic = Buffer.from(`${emulator.cloudKeyId}:${emulator.cloudKeySecret}`).toString('base64');
  valid = await (await fetch(`${emulator.cloudUrl}${path}`, { headers: { authorization: `Basic ${basic}` } })).json();
  invalid = { ...valid, result: valid.result.map((key) => ({ ...key, state: 'Hibernating' })) };
  await emulator.close();
}, 60_000);

const check = (body: unknown) => checkUpstreamAnswer('cloud', 'GET', path, 200, body, JSON.stringify(body));

describe('the contract check of a repeated answer', () => {
  afterEach(() => vi.mocked(checkResponse).mockClear());

  it('validates the same answer text once, and still checks every other text of that call', () => {
    vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    expect(check(valid)).toBeUndefined();
    expect(check(valid)).toBeUndefined();
    expect(check(valid)).toBeUndefined();
    expect(checkResponse).toHaveBeenCalledTimes(1);

    // A changed answer is checked again, and a mismatch is never remembered as a pass.
    expect(check(invalid)?.operation).toBe('GET /v1/organizations/{organizationId}/keys');
    expect(check(invalid)?.operation).toBe('GET /v1/organizations/{organizationId}/keys');
    expect(check(valid)).toBeUndefined();
    expect(checkResponse).toHaveBeenCalledTimes(4);
  });

  it('checks an answer whose text it was not given every time', () => {
    expect(checkUpstreamAnswer('cloud', 'GET', path, 200, valid)).toBeUndefined();
    expect(checkUpstreamAnswer('cloud', 'GET', path, 200, valid)).toBeUndefined();
    expect(checkResponse).toHaveBeenCalledTimes(2);
  });
});
