/**
 * Reading an upstream's error text: the cloud surface's `CODE: message`, the open-source surface's
 * `{message}`/`{error}`/plain text, and the form field paths that can be derived from either.
 */
import type { FieldError } from '../errors';

export interface UpstreamMessage {
  /** The cloud surface's `CODE:` prefix, when present. */
  code?: string;
  /** The message without that prefix. */
  message?: string;
  /** The upstream's error text as sent, prefix included. */
  full?: string;
}

const CLOUD_ERROR = /^([A-Z][A-Z0-9_]*):\s*([\s\S]*)$/;
const MAX_MESSAGE = 500;

export function readUpstreamMessage(text: string): UpstreamMessage {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    // Plain-text bodies are shown; markup (proxy error pages) is not worth showing.
    if (trimmed.startsWith('<')) return {};
    const plain = trimmed.slice(0, MAX_MESSAGE);
    return { message: plain, full: plain };
  }
  if (typeof parsed === 'string') {
    const plain = parsed.slice(0, MAX_MESSAGE);
    return { message: plain, full: plain };
  }
  if (parsed === null || typeof parsed !== 'object') return {};
  const body = parsed as { error?: unknown; message?: unknown };
  // The query host wraps the database's exception: `{"error": {"code": "60", "details": "Code: 60. DB::Exception: …"}}`.
  const nested =
    body.error !== null && typeof body.error === 'object' ? (body.error as { details?: unknown }).details : undefined;
  const raw =
    typeof body.error === 'string'
      ? body.error
      : typeof nested === 'string'
        ? nested
        : typeof body.message === 'string'
          ? body.message
          : undefined;
  if (raw === undefined) return {};
  const match = CLOUD_ERROR.exec(raw);
  const full = raw.slice(0, MAX_MESSAGE);
  if (match) return { code: match[1], message: (match[2] ?? '').slice(0, MAX_MESSAGE), full };
  return { message: full, full };
}

const VALIDATION_PREFIX = /^(Body|Params|Query) validation failed:\s*/;
const FIELD_PART = /^([A-Za-z_$][\w$]*(?:(?:\.[\w$]+)|(?:\[\d+\]))*):\s*([\s\S]+)$/;

/** `Body validation failed: tiles.0.x: msg; name: msg` (open-source surface) → one field per part. */
export function fieldsFromValidationMessage(message: string): FieldError[] {
  const prefix = VALIDATION_PREFIX.exec(message);
  if (!prefix) return [];
  const fields: FieldError[] = [];
  for (const part of message.slice(prefix[0].length).split(/;\s*/)) {
    const match = FIELD_PART.exec(part.trim());
    if (match?.[1] && match[2]) fields.push({ path: toDotted(match[1]), message: match[2].trim() });
  }
  return fields;
}

function toDotted(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

const PATH_TOKEN = /[A-Za-z_$][\w$]*(?:(?:\.[A-Za-z_$][\w$]*)|(?:\[\d+\]))*/g;
/** A part that opens with a path and `:` or a verb (`name is required`, `roles must…`) is about that field. */
const LEADING_FIELD =
  /^([A-Za-z_$][\w$]*(?:(?:\.[A-Za-z_$][\w$]*)|(?:\[\d+\]))*)(?::\s*|\s+(?=(?:is|are|must|should|cannot|may|has|have|needs?|requires?)\b))/;

function pathExists(body: unknown, segments: string[]): boolean {
  let current: unknown = body;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return false;
    current = (current as Record<string, unknown>)[segment];
  }
  return true;
}

/**
 * The cloud surface names fields in prose (`ipAccessList[0].source is not…`, `roles must…`).
 * A token counts as a field when the request body has that path, or when it leads a
 * `path: message` part; the longest such token of each part wins.
 */
export function fieldsFromCloudMessage(message: string, requestBody: unknown): FieldError[] {
  if (requestBody === null || typeof requestBody !== 'object') return [];
  const fields: FieldError[] = [];
  const seen = new Set<string>();
  for (const rawPart of message.split(/;\s+/)) {
    const part = rawPart.trim();
    if (!part) continue;
    const leading = LEADING_FIELD.exec(part);
    let best: string | undefined;
    for (const token of part.match(PATH_TOKEN) ?? []) {
      const dotted = toDotted(token);
      const known = pathExists(requestBody, dotted.split('.'));
      const leads = leading?.[1] === token;
      if ((known || leads) && (!best || dotted.length > best.length)) best = dotted;
    }
    if (!best || seen.has(best)) continue;
    seen.add(best);
    // `path: message` loses its prefix; prose keeps the field's name, which reads naturally.
    const label = leading?.[0].trimEnd().endsWith(':') && toDotted(leading[1] ?? '') === best ? leading[0] : '';
    fields.push({ path: best, message: label ? part.slice(label.length).trim() : part });
  }
  return fields;
}
