/**
 * Not part of the console: `helm template` for deploy/helm/sluice with test/helm/template.ts —
 * the chart's values merged with a test's, each template rendered with `.Values`, `.Release` and
 * `.Chart`, and every YAML document parsed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { Chart } from './template';

export const chartDir = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'helm', 'sluice');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

type Values = Record<string, unknown>;

function isPlainObject(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Helm's merge of values: maps merge key by key, anything else replaces. */
export function mergeValues(base: Values, override: Values): Values {
  const merged: Values = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = isPlainObject(value) && isPlainObject(base[key]) ? mergeValues(base[key], value) : value;
  }
  return merged;
}

export function chartValues(): Values {
  return parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Values;
}

/** Renders every template; throws `ChartFailure` where the chart calls `fail` or `required`. */
export function renderChart(values: Values = {}, releaseName = 'team'): K8sObject[] {
  const meta = parse(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as {
    name: string;
    version: string;
    appVersion: string;
  };
  const context = {
    Values: mergeValues(chartValues(), values),
    Release: { Name: releaseName, Namespace: 'default', Service: 'Helm', IsInstall: true },
    Chart: { Name: meta.name, Version: meta.version, AppVersion: meta.appVersion },
  };
  const templates = path.join(chartDir, 'templates');
  const files = readdirSync(templates).sort();
  const chart = new Chart();
  for (const file of files.filter((name) => name.startsWith('_')))
    chart.addDefinitions(readFileSync(path.join(templates, file), 'utf8'));
  const objects: K8sObject[] = [];
  for (const file of files.filter((name) => !name.startsWith('_') && name.endsWith('.yaml'))) {
    const text = chart.render(readFileSync(path.join(templates, file), 'utf8'), context);
    for (const document of parseAllDocuments(text)) {
      if (document.errors.length > 0)
        throw new Error(`${file} renders invalid YAML: ${document.errors[0]!.message}\n${text}`);
      const object = document.toJS() as K8sObject | null;
      if (object) objects.push(object);
    }
  }
  return objects;
}
