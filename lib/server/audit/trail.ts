import 'server-only';
import type { SessionUser } from '@/lib/auth/roles';
import { clientAddress } from '../sign-in';
import { isMutation } from '../request-guards';
import { lastKnownTargetName, recordAuditEvent } from './record';
import { routeOperation } from './route-operations';

/**
 * What define-route learns about a write as it checks it; a handler may add the target's name when
 * it knows it (a delete's response does not carry one).
 */
export interface AuditNotes {
  user?: SessionUser | null;
  body?: unknown;
  targetName?: string;
  /** What the write changed, in a person's words (from the object's history); else the body's field names. */
  changes?: string;
}

/** Enum fields whose value says what a change was; every other field is named, never shown. */
const SHOWN_VALUES = new Set(['command', 'state']);

function changesOf(method: string, body: unknown): string | null {
  if (method === 'POST' || typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const parts = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) =>
      SHOWN_VALUES.has(key) && typeof value === 'string' && /^[a-z_]{1,32}$/.test(value) ? `${key}=${value}` : key,
    )
    .sort();
  return parts.length > 0 ? parts.join(', ') : null;
}

function stringAt(value: unknown, ...path: string[]): string | null {
  let current = value;
  for (const key of path)
    current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  return typeof current === 'string' && current ? current : null;
}

/** The created or changed record in an upstream answer: the cloud's `result` (a new key's under `key`), or the open-source `data`. */
function recordIn(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return null;
  const { result, data } = body as { result?: unknown; data?: unknown };
  const createdKey = typeof result === 'object' && result !== null ? (result as { key?: unknown }).key : undefined;
  return createdKey ?? result ?? data ?? null;
}

async function jsonOf(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('json') || response.status === 204) return null;
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

/**
 * Records a write that went through define-route (reads and unauthenticated requests pass
 * untouched) and hands back the response as it was. Never throws; a failed write of the event is
 * logged and counted by `recordAuditEvent`.
 */
export async function auditWrite(
  request: Request,
  requestId: string,
  notes: AuditNotes,
  response: Response,
): Promise<Response> {
  if (!isMutation(request.method) || !notes.user) return response;
  const route = routeOperation(request.method, new URL(request.url).pathname);
  if (!route) return response;
  const success = response.status < 400;
  let targetId = route.targetId;
  let targetName = notes.targetName ?? stringAt(notes.body, 'name');
  // Only what is still unknown is read from the answer: most answers need no parsing here.
  const needsAnswer = !success || targetId === null || targetName === null;
  const answer = needsAnswer ? await jsonOf(response) : null;
  if (success) {
    const record = recordIn(answer);
    targetId ??= stringAt(record, 'id');
    targetName ??= stringAt(record, 'name');
  }
  if (targetName === null && targetId !== null) targetName = await lastKnownTargetName(targetId);
  await recordAuditEvent({
    actor: notes.user.name,
    actorRole: notes.user.role,
    authMethod: notes.user.method ?? null,
    operation: route.operation,
    targetType: route.targetType,
    targetId,
    targetName,
    outcome: success ? 'success' : 'failure',
    status: response.status,
    requestId,
    errorCode: success ? null : stringAt(answer, 'code'),
    changes: success && notes.changes ? notes.changes : changesOf(request.method, notes.body),
    clientAddress: clientAddress(request),
  });
  return response;
}
