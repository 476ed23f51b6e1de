import type { IncomingMessage } from 'node:http';
import { HttpError, MalformedBodyError } from './errors';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new HttpError(413, `request body exceeds ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** `undefined` for an empty body; a malformed one is the caller's 400. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new MalformedBodyError(error instanceof Error ? error.message : 'invalid JSON');
  }
}
