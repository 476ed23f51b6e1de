import 'server-only';
import { ApiError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Bodies nested this deep or deeper are refused before `JSON.parse` sees them. */
export const MAX_JSON_DEPTH = 64;

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutation(method: string): boolean {
  return MUTATIONS.has(method.toUpperCase());
}

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/** The origin the browser used to reach us; Next fills the forwarded headers from the socket when no proxy did. */
export function ownOrigin(request: Request): string | undefined {
  const url = new URL(request.url);
  const proto = firstValue(request.headers.get('x-forwarded-proto')) ?? url.protocol.slice(0, -1);
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? request.headers.get('host') ?? url.host;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}

function normalisedOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Route handlers get no CSRF protection from Next. A browser always sends `Origin` with a
 * cross-origin mutation and `Sec-Fetch-Site` when it supports it; either must say "us".
 */
export function assertSameOrigin(request: Request): void {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin') {
    throw new ApiError(403, 'FOREIGN_ORIGIN', `Cross-origin request refused (Sec-Fetch-Site: ${fetchSite})`);
  }
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const expected = ownOrigin(request);
    if (expected === undefined || normalisedOrigin(origin) !== expected) {
      throw new ApiError(403, 'FOREIGN_ORIGIN', `Cross-origin request refused: Origin ${origin} is not this console`);
    }
    return;
  }
  if (fetchSite === 'same-origin') return;
  throw new ApiError(403, 'FOREIGN_ORIGIN', 'Request refused: changes need an Origin header from this console');
}

export function assertJsonContentType(request: Request): void {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type must be application/json${type ? `, not ${type}` : ''}`,
    );
  }
}

function tooLarge(): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${MAX_BODY_BYTES} bytes`);
}

/** Reads the body while counting, so a lying or missing Content-Length cannot get more through. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, total));
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'Request body is not valid UTF-8');
  }
}

/** Depth of the deepest array/object, counted on the text so hostile nesting never reaches the parser. */
export function jsonDepth(text: string, stopAt = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest >= stopAt) return deepest;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') throw new ApiError(400, 'INVALID_JSON', 'Request body is empty; a JSON document is expected');
  if (jsonDepth(text) >= MAX_JSON_DEPTH) {
    throw new ApiError(400, 'BODY_TOO_DEEP', `Request body is nested ${MAX_JSON_DEPTH} or more levels deep`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'Request body is not valid JSON');
  }
}
