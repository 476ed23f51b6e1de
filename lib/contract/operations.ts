import { contractDocument, type ContractSurface, type OpenApiOperation } from './documents';

export interface ContractOperation {
  surface: ContractSurface;
  method: string;
  /** The document's path template, e.g. `/v1/organizations/{organizationId}/keys`. */
  template: string;
  /** `GET /v1/organizations/{organizationId}/keys`: how failures name the operation. */
  name: string;
  spec: OpenApiOperation;
}

interface Matcher {
  template: string;
  pattern: RegExp;
  /** Templates with fewer parameters win over ones that would also match (`/dashboards/validate`). */
  parameters: number;
}

const matchers = new Map<ContractSurface, Matcher[]>();

function matchersOf(surface: ContractSurface): Matcher[] {
  let list = matchers.get(surface);
  if (!list) {
    list = Object.keys(contractDocument(surface).paths).map((template) => {
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return { template, pattern: new RegExp(`^${source}$`), parameters: (template.match(/\{/g) ?? []).length };
    });
    list.sort((a, b) => a.parameters - b.parameters);
    matchers.set(surface, list);
  }
  return list;
}

/** The documented operation a request path as sent on the wire (query string allowed) stands for, if any. */
export function findOperation(surface: ContractSurface, method: string, path: string): ContractOperation | undefined {
  const pathOnly = path.split('?')[0] ?? '';
  const verb = method.toLowerCase();
  for (const matcher of matchersOf(surface)) {
    if (!matcher.pattern.test(pathOnly)) continue;
    const spec = contractDocument(surface).paths[matcher.template]?.[verb] as OpenApiOperation | undefined;
    if (!spec) return undefined;
    return {
      surface,
      method: method.toUpperCase(),
      template: matcher.template,
      name: `${method.toUpperCase()} ${matcher.template}`,
      spec,
    };
  }
  return undefined;
}
