import 'server-only';
import { jsonTextResponse } from '../errors';
import { mayHoldCredentials, sanitize, type SanitizeOptions } from '../sanitize';
import { UNEXPECTED_ANSWER_HEADER } from './contract-check';
import type { UpstreamResult } from './http';

/**
 * The upstream's success body for the browser, credential fields removed. The upstream's own
 * bytes are reused whenever nothing had to go, so a read costs one parse and no serialisation.
 */
export function passThrough(result: UpstreamResult, options: SanitizeOptions = {}): Response {
  if (result.status === 204) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  // An empty success body still answers with JSON, so `response.json()` keeps working in the browser.
  if (result.text === '') return jsonTextResponse('{}', result.status);
  const headers = unexpectedAnswerHeaders(result);
  if (!mayHoldCredentials(result.text)) return jsonTextResponse(result.text, result.status, headers);
  const cleaned = sanitize(result.data, options);
  return jsonTextResponse(cleaned === result.data ? result.text : JSON.stringify(cleaned), result.status, headers);
}

/** An answer that breaks the contract still goes through; the browser is told, to say so beside what it can read. */
export function unexpectedAnswerHeaders(...results: readonly UpstreamResult[]): Record<string, string> | undefined {
  const mismatch = results.find((result) => result.contract);
  return mismatch?.contract ? { [UNEXPECTED_ANSWER_HEADER]: mismatch.contract.operation } : undefined;
}
