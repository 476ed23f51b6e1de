import 'server-only';
import { objectAsCode, type CodeFormat, type CodeKind } from '@/lib/code/object-code';
import { normalizeObject } from '@/lib/history/normalize';
import { consoleContext } from '../env';
import { sanitize } from '../sanitize';
import { cloudApi, observabilityApi } from '../upstream/typed';

/**
 * The whole organization as files, one per object: every service's pipes, managed dashboards and
 * alerts, and the open-source surface's dashboards and alerts. Paths and contents depend only on
 * the objects (ids name the files, keys are sorted, nothing carries the time), so the same
 * organization gives byte-identical files and a diff shows only real changes.
 */

export interface ExportedFile {
  /** Relative, with `/`: `pipes/<service id>/<pipe id>.tf`. */
  path: string;
  text: string;
}

export interface ExportResult {
  files: ExportedFile[];
  /** What could not be read (a service without managed observability), said, not fatal. */
  skipped: string[];
}

type Json = Record<string, unknown>;

const listOf = (body: unknown): Json[] => {
  const { result, data } = (sanitize(body) ?? {}) as { result?: unknown; data?: unknown };
  const list = Array.isArray(result) ? result : Array.isArray(data) ? data : [];
  return list.filter(
    (item): item is Json => typeof item === 'object' && item !== null && typeof (item as Json).id === 'string',
  );
};

export async function exportOrganization(format: CodeFormat): Promise<ExportResult> {
  const { organizationId } = consoleContext();
  const extension = format === 'terraform' ? 'tf' : 'json';
  const files: ExportedFile[] = [];
  const skipped: string[] = [];
  const add = (kind: CodeKind, folder: string, objects: Json[], serviceId: string) => {
    for (const raw of objects) {
      const object = normalizeObject(kind, raw);
      if (!object) continue;
      files.push({
        path: `${folder}/${String(raw.id)}.${extension}`,
        text: objectAsCode(kind, object, format, serviceId, true),
      });
    }
  };
  const services = listOf(
    (await cloudApi.call('get', '/v1/organizations/{organizationId}/services', { params: { organizationId } })).data,
  );
  for (const service of services) {
    const at = { organizationId, serviceId: String(service.id) };
    add(
      'pipes',
      `pipes/${at.serviceId}`,
      listOf(
        (
          await cloudApi.call('get', '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes', {
            params: at,
          })
        ).data,
      ),
      at.serviceId,
    );
    for (const [kind, resource] of [
      ['managed-dashboards', '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/dashboards'],
      ['managed-alerts', '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/alerts'],
    ] as const) {
      try {
        add(
          kind,
          `${kind}/${at.serviceId}`,
          listOf((await cloudApi.call('get', resource, { params: at })).data),
          at.serviceId,
        );
      } catch (error) {
        skipped.push(`${kind} of service ${at.serviceId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  for (const kind of ['dashboards', 'alerts'] as const) {
    try {
      // Alerts are paged (limit/offset); the dashboards list is one answer, and takes no paging query.
      const list =
        kind === 'alerts'
          ? await (await observabilityApi.listAll('/api/v2/alerts', {})).json()
          : sanitize((await observabilityApi.call('get', '/api/v2/dashboards', {})).data);
      add(kind, kind, listOf(list), '');
    } catch (error) {
      skipped.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}
