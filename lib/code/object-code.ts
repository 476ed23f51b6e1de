import type { HistoryKind } from '../history/kinds';
import { canonicalText } from '../history/normalize';
import { alertAsTerraform, dashboardAsTerraform } from './terraform-observability';
import { pipeAsTerraform } from './terraform-pipe';

export const CODE_FORMATS = ['terraform', 'json'] as const;
export type CodeFormat = (typeof CODE_FORMATS)[number];
export const CODE_KINDS = [
  'pipes',
  'dashboards',
  'managed-dashboards',
  'alerts',
  'managed-alerts',
] as const satisfies readonly HistoryKind[];
export type CodeKind = (typeof CODE_KINDS)[number];
export const isCodeKind = (kind: string): kind is CodeKind => (CODE_KINDS as readonly string[]).includes(kind);

/** Pretty JSON with keys sorted at every level: the same object gives the same bytes. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(JSON.parse(canonicalText(value)), null, 2)}\n`;
}

/** One object as a file: Terraform (the vendor providers' resources) or its JSON. */
export function objectAsCode(
  kind: CodeKind,
  object: Record<string, unknown>,
  format: CodeFormat,
  serviceId: string,
  unique = false,
): string {
  if (format === 'json') return stableJson(object);
  switch (kind) {
    case 'pipes':
      return pipeAsTerraform(object, serviceId, { unique }).text;
    case 'dashboards':
      return dashboardAsTerraform(object, 'oss', unique).text;
    case 'managed-dashboards':
      return dashboardAsTerraform(object, 'managed', unique).text;
    case 'alerts':
      return alertAsTerraform(object, 'oss', unique).text;
    case 'managed-alerts':
      return alertAsTerraform(object, 'managed', unique).text;
  }
}
