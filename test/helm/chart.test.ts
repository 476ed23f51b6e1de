import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { SECRET_VARIABLES } from '../../lib/server/env-check';
import { chartDir, chartValues, renderChart, type K8sObject } from './render-chart';
import { ChartFailure } from './template';

/** The Kubernetes schema of each kind the chart may render; a kind missing here fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'v1 PersistentVolumeClaim': PersistentVolumeClaim,
  'networking.k8s.io/v1 Ingress': Ingress,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
};

function validated(objects: K8sObject[]): K8sObject[] {
  for (const object of objects) {
    const Model = MODELS[`${object.apiVersion} ${object.kind}`];
    if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
    expect(() => new Model(object as never).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
  }
  return objects;
}

const team = { replicaCount: 3, secrets: { keys: { REDIS_URL: 'redis-url', DATABASE_URL: 'database-url' } } };

interface Container {
  env: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }>;
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
  volumeMounts: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}
interface PodSpec {
  securityContext: { runAsNonRoot: boolean; runAsUser: number };
  containers: Container[];
  volumes: Array<{ name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }>;
  terminationGracePeriodSeconds: number;
}

function deployment(objects: K8sObject[]): { replicas: number; pod: PodSpec; container: Container } {
  const found = objects.find((object) => object.kind === 'Deployment')!;
  const spec = found.spec as { replicas: number; template: { spec: PodSpec } };
  return { replicas: spec.replicas, pod: spec.template.spec, container: spec.template.spec.containers[0]! };
}

const kinds = (objects: K8sObject[]) => objects.map((object) => object.kind).sort();

describe('the Helm chart deploy/helm/sluice', () => {
  it('renders a valid Deployment and Service by default, one replica, no disruption budget or ingress', () => {
    const objects = validated(renderChart());
    expect(kinds(objects)).toEqual(['Deployment', 'Service']);
    expect(deployment(objects).replicas).toBe(1);
  });

  it('probes /api/ready for readiness and /api/health for liveness, with resources and the drain period', () => {
    const { pod, container } = deployment(renderChart());
    expect(container.readinessProbe.httpGet).toEqual({ path: '/api/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    expect(container.resources.requests).toEqual({ cpu: '250m', memory: '384Mi' });
    expect(container.resources.limits.memory).toBe('768Mi');
    expect(container.env).toContainEqual({ name: 'SHUTDOWN_GRACE_MS', value: '25000' });
    expect(pod.terminationGracePeriodSeconds).toBe(30);
  });

  it('runs as non-root on a read-only root file system, writing only to its volumes', () => {
    const { pod, container } = deployment(renderChart());
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(container.volumeMounts.map((mount) => mount.mountPath)).toEqual(['/data', '/app/.next/cache', '/tmp']);
    expect(container.env).toContainEqual({ name: 'SLUICE_DATA_DIR', value: '/data' });
    const volumes = new Map(pod.volumes.map((volume) => [volume.name, volume]));
    for (const mount of container.volumeMounts) expect(volumes.get(mount.name)?.emptyDir).toEqual({});
  });

  it('takes every secret variable from the Secret, never as a value, and plain settings from config', () => {
    const keys = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, `key-${name}`]));
    const objects = renderChart({
      ...team,
      secrets: { name: 'console-secrets', keys },
      config: { CLOUD_API_URL: 'https://api.example' },
    });
    const { container } = deployment(validated(objects));
    expect(Object.keys((chartValues().secrets as { keys: object }).keys).sort()).toEqual([...SECRET_VARIABLES].sort());
    for (const name of SECRET_VARIABLES) {
      expect(container.env).toContainEqual({
        name,
        valueFrom: { secretKeyRef: { name: 'console-secrets', key: `key-${name}` } },
      });
    }
    expect(container.env).toContainEqual({ name: 'CLOUD_API_URL', value: 'https://api.example' });
  });

  it('leaves a secret variable unset when its key is empty, but always needs SESSION_SECRET', () => {
    const { container } = deployment(renderChart());
    expect(container.env.map((entry) => entry.name)).not.toContain('DATABASE_URL');
    expect(() => renderChart({ secrets: { keys: { SESSION_SECRET: '' } } })).toThrow(
      new ChartFailure('secrets.keys.SESSION_SECRET: every instance must share one session secret'),
    );
  });

  it('refuses several replicas without Redis and Postgres', () => {
    const message =
      'replicaCount > 1 needs Redis and Postgres: set secrets.keys.REDIS_URL and secrets.keys.DATABASE_URL (keys in the Secret secrets.name)';
    expect(() => renderChart({ replicaCount: 2 })).toThrow(new ChartFailure(message));
    expect(() => renderChart({ replicaCount: 2, secrets: { keys: { REDIS_URL: 'redis-url' } } })).toThrow(
      new ChartFailure(message),
    );
    expect(() => renderChart({ ...team, persistence: { enabled: true } })).toThrow(ChartFailure);
  });

  it('with Redis and Postgres runs several replicas under a disruption budget', () => {
    const objects = validated(renderChart(team));
    expect(kinds(objects)).toEqual(['Deployment', 'PodDisruptionBudget', 'Service']);
    expect(deployment(objects).replicas).toBe(3);
    const budget = objects.find((object) => object.kind === 'PodDisruptionBudget')!;
    expect(budget.spec).toMatchObject({
      minAvailable: 1,
      selector: { matchLabels: { 'app.kubernetes.io/instance': 'team' } },
    });
  });

  it('renders a valid Ingress to the Service when enabled, and a claim for the data folder with persistence', () => {
    const objects = validated(
      renderChart({
        ingress: {
          enabled: true,
          className: 'nginx',
          hosts: [{ host: 'console.example.com', paths: [{ path: '/' }] }],
          tls: [{ secretName: 'tls', hosts: ['console.example.com'] }],
        },
        persistence: { enabled: true },
      }),
    );
    expect(kinds(objects)).toEqual(['Deployment', 'Ingress', 'PersistentVolumeClaim', 'Service']);
    const ingress = objects.find((object) => object.kind === 'Ingress')!;
    expect(ingress.spec).toMatchObject({
      ingressClassName: 'nginx',
      rules: [
        {
          host: 'console.example.com',
          http: {
            paths: [
              { path: '/', pathType: 'Prefix', backend: { service: { name: 'team-sluice', port: { number: 80 } } } },
            ],
          },
        },
      ],
    });
    const { pod } = deployment(objects);
    expect(pod.volumes.find((volume) => volume.name === 'data')?.persistentVolumeClaim).toEqual({
      claimName: 'team-sluice-data',
    });
  });

  it('documents every setting in values.yaml', () => {
    const lines = readFileSync(path.join(chartDir, 'values.yaml'), 'utf8').split('\n');
    const undocumented = Object.keys(chartValues()).filter(
      (key) => !lines[lines.findIndex((line) => line.startsWith(`${key}:`)) - 1]?.startsWith('#'),
    );
    expect(undocumented).toEqual([]);
  });
});
