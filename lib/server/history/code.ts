import 'server-only';
import { isCodeKind, objectAsCode, type CodeFormat } from '@/lib/code/object-code';
import type { HistoryKind } from '@/lib/history/kinds';
import { consoleDatabase } from '../db/shared';
import { ApiError } from '../errors';
import { locate, readObject } from './objects';
import { latestVersion } from './store';

/** `GET /api/code/{kind}/{id}?format=terraform|json`: the object as it is now, as a file. */
export async function objectCode(kind: HistoryKind, id: string, request: Request): Promise<Response> {
  const format = new URL(request.url).searchParams.get('format') ?? 'terraform';
  if (format !== 'terraform' && format !== 'json')
    throw new ApiError(400, 'INVALID_PARAMETER', 'Query parameter "format" must be terraform or json', {
      fields: [{ path: 'format', message: 'Must be terraform or json' }],
    });
  if (!isCodeKind(kind))
    throw new ApiError(400, 'INVALID_PARAMETER', 'Only pipes, dashboards and alerts can be written as code');
  const last = await latestVersion(await consoleDatabase(), kind, id).catch(() => null);
  const at = locate(last?.context);
  const object = await readObject(kind, id, at, false);
  if (!object) throw new ApiError(404, 'NOT_FOUND', 'The object was not found');
  const text = objectAsCode(kind, object, format as CodeFormat, at.serviceId);
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    },
  });
}
