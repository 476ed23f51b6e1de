import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ChannelType, ChannelView, CreateChannelInput, UpdateChannelInput } from '@/lib/schemas/notifications';
import type { Queryable } from '../db/types';
import { envText, sessionSecret } from '../env';
import { ApiError } from '../errors';
import { deriveKey, openSecret, sealSecret } from './secret-box';
import { problemWithUrl } from './target-guard';

export interface ChannelRow {
  id: string;
  name: string;
  type: ChannelType;
  url: string | null;
  url_ciphertext: string | null;
  secret_ciphertext: string | null;
  recipients: string | null;
  consecutive_failures: number;
  broken_at: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Failed deliveries in a row (a Slack webhook answering 404: deleted) before admins see the channel as broken. */
export const BROKEN_AFTER_FAILURES = 3;

let cachedKey: { material: string; key: Buffer } | undefined;

/** The key channel secrets are sealed with: `SLUICE_ENCRYPTION_KEY`, or derived from the session secret. */
export function channelSecretKey(): Buffer {
  const material = envText('SLUICE_ENCRYPTION_KEY') ?? sessionSecret();
  if (cachedKey?.material !== material) cachedKey = { material, key: deriveKey(material) };
  return cachedKey.key;
}

const iso = (value: Date | string | null): string | undefined =>
  value === null ? undefined : new Date(value).toISOString();

/** A Slack webhook URL is a credential: shown only as its host. */
function maskedSlackUrl(row: ChannelRow): string | undefined {
  return row.url_ciphertext ? 'https://hooks.slack.com/…' : undefined;
}

export function channelView(row: ChannelRow): ChannelView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    ...(row.type === 'slack' ? { url: maskedSlackUrl(row) } : row.url ? { url: row.url } : {}),
    hasSecret: row.secret_ciphertext !== null || (row.type === 'slack' && row.url_ciphertext !== null),
    ...(row.recipients ? { to: JSON.parse(row.recipients) as string[] } : {}),
    broken: row.broken_at !== null,
    ...(row.broken_at ? { brokenAt: iso(row.broken_at) } : {}),
    ...(row.last_error ? { lastError: row.last_error } : {}),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

function fieldError(path: string, message: string): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', `Request body is invalid: ${path}: ${message}`, {
    fields: [{ path, message }],
  });
}

/** The URL a webhook or Slack channel posts to, checked as written (http(s), no private address unless allowed). */
function checkedUrl(type: ChannelType, url: string | undefined): string {
  if (!url) throw fieldError('url', `A ${type === 'slack' ? 'Slack' : 'webhook'} channel needs a URL`);
  const problem = problemWithUrl(url);
  if (problem) throw fieldError('url', `URL ${problem}`);
  return url;
}

interface Stored {
  url: string | null;
  urlCiphertext: string | null;
  secretCiphertext: string | null;
  recipients: string | null;
}

function storedFields(
  type: ChannelType,
  input: { url?: string; secret?: string; to?: string[] },
  previous?: Stored,
): Stored {
  const key = () => channelSecretKey();
  const keep = previous ?? { url: null, urlCiphertext: null, secretCiphertext: null, recipients: null };
  switch (type) {
    case 'webhook':
      return {
        url: input.url !== undefined || !previous ? checkedUrl(type, input.url) : keep.url,
        urlCiphertext: null,
        secretCiphertext: input.secret !== undefined ? sealSecret(input.secret, key()) : keep.secretCiphertext,
        recipients: null,
      };
    case 'slack':
      return {
        url: null,
        urlCiphertext:
          input.url !== undefined || !previous ? sealSecret(checkedUrl(type, input.url), key()) : keep.urlCiphertext,
        secretCiphertext: null,
        recipients: null,
      };
    case 'email':
      if (!input.to && !previous) throw fieldError('to', 'An email channel needs at least one recipient');
      return {
        url: null,
        urlCiphertext: null,
        secretCiphertext: null,
        recipients: input.to ? JSON.stringify(input.to) : keep.recipients,
      };
    case 'console':
      return keep;
  }
}

export async function listChannels(db: Queryable): Promise<ChannelRow[]> {
  return db.query<ChannelRow>('select * from notify_channels order by created_at, name');
}

export async function findChannel(db: Queryable, id: string): Promise<ChannelRow | undefined> {
  return (await db.query<ChannelRow>('select * from notify_channels where id = $1', [id]))[0];
}

export async function requireChannel(db: Queryable, id: string): Promise<ChannelRow> {
  const row = await findChannel(db, id);
  if (!row) throw new ApiError(404, 'NOT_FOUND', `No notification channel ${id}`);
  return row;
}

export async function createChannel(db: Queryable, input: CreateChannelInput): Promise<ChannelRow> {
  const stored = storedFields(input.type, input);
  const rows = await db.query<ChannelRow>(
    `insert into notify_channels (id, name, type, url, url_ciphertext, secret_ciphertext, recipients)
     values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    [
      randomUUID(),
      input.name,
      input.type,
      stored.url,
      stored.urlCiphertext,
      stored.secretCiphertext,
      stored.recipients,
    ],
  );
  return rows[0]!;
}

export async function updateChannel(db: Queryable, id: string, input: UpdateChannelInput): Promise<ChannelRow> {
  const row = await requireChannel(db, id);
  const stored = storedFields(row.type, input, {
    url: row.url,
    urlCiphertext: row.url_ciphertext,
    secretCiphertext: row.secret_ciphertext,
    recipients: row.recipients,
  });
  // A changed target gets a fresh start: it is no longer the broken one.
  const retarget = input.url !== undefined || input.to !== undefined;
  const rows = await db.query<ChannelRow>(
    `update notify_channels set name = $2, url = $3, url_ciphertext = $4, secret_ciphertext = $5, recipients = $6, updated_at = now()
       ${retarget ? ', broken_at = null, consecutive_failures = 0, last_error = null' : ''}
     where id = $1 returning *`,
    [id, input.name ?? row.name, stored.url, stored.urlCiphertext, stored.secretCiphertext, stored.recipients],
  );
  return rows[0]!;
}

export async function deleteChannel(db: Queryable, id: string): Promise<ChannelRow> {
  const row = await requireChannel(db, id);
  await db.query('delete from notify_channels where id = $1', [id]);
  // Nothing more goes to it; rules that named only it keep their other channels.
  await db.query(
    "update notify_deliveries set status = 'failed', last_error = 'The channel was deleted' where channel_id = $1 and status in ('pending', 'sending')",
    [id],
  );
  return row;
}

/** What a delivery needs to reach the channel, secrets opened. */
export interface ChannelTarget {
  id: string;
  name: string;
  type: ChannelType;
  url?: string;
  secret?: string;
  to?: string[];
}

export function channelTarget(row: ChannelRow): ChannelTarget {
  const key = channelSecretKey();
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    ...(row.type === 'slack' && row.url_ciphertext
      ? { url: openSecret(row.url_ciphertext, key) }
      : row.url
        ? { url: row.url }
        : {}),
    ...(row.secret_ciphertext ? { secret: openSecret(row.secret_ciphertext, key) } : {}),
    ...(row.recipients ? { to: JSON.parse(row.recipients) as string[] } : {}),
  };
}

/** After each attempt: a run of failures marks the channel broken for admins; a success clears it. */
export async function noteChannelOutcome(db: Queryable, id: string, ok: boolean, error?: string): Promise<void> {
  if (ok) {
    await db.query(
      'update notify_channels set consecutive_failures = 0, broken_at = null, last_error = null where id = $1 and (consecutive_failures > 0 or broken_at is not null)',
      [id],
    );
    return;
  }
  await db.query(
    `update notify_channels set consecutive_failures = consecutive_failures + 1, last_error = $2,
       broken_at = case when consecutive_failures + 1 >= $3 then coalesce(broken_at, now()) else broken_at end
     where id = $1`,
    [id, error ?? null, BROKEN_AFTER_FAILURES],
  );
}
