import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_CORRECTIONS, schemaAt } from './corrections';
import { contractDocument, contractFile } from './documents';
import { findOperation } from './operations';
import { checkRequest, checkResponse } from './validator';

const SHARED_SPEC = path.resolve(import.meta.dirname, '../../../shared/spec');

describe('operations of the published documents', () => {
  it('finds an operation by method and wire path, preferring literal segments', () => {
    expect(findOperation('cloud', 'GET', '/v1/organizations/o/services/s/clickpipes/p')?.name).toBe(
      'GET /v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}',
    );
    expect(findOperation('observability', 'POST', '/api/v2/dashboards/validate')?.template).toBe(
      '/api/v2/dashboards/validate',
    );
    expect(findOperation('observability', 'PATCH', '/api/v2/dashboards/abc')).toBeUndefined();
  });

  it("finds no operation for a path in the console's neutral names: the checks see only what crosses the wire", () => {
    expect(findOperation('cloud', 'GET', '/v1/organizations/o/services/s/datapipes/p')).toBeUndefined();
    expect(findOperation('cloud', 'PATCH', '/v1/organizations/o/services/s/datapipesCdcScaling')).toBeUndefined();
    expect(findOperation('cloud', 'GET', '/v1/organizations/o/services/s/observability/dashboards')).toBeUndefined();
  });

  // The published documents sit beside the project in the workspace it was built in; a checkout
  // elsewhere has only the copies, which the other tests use.
  it.skipIf(!existsSync(SHARED_SPEC))('keeps its copies of the documents identical to the published ones', () => {
    for (const surface of ['cloud', 'observability'] as const) {
      const published = path.join(SHARED_SPEC, `${surface}-openapi.json`);
      expect(readFileSync(contractFile(surface), 'utf8')).toBe(readFileSync(published, 'utf8'));
    }
  });
});

describe('contract checks', () => {
  it('names the operation, the JSON path and the rule of each mismatch', () => {
    const check = checkResponse('cloud', 'GET', '/v1/organizations/o/services/s/clickpipes', 200, {
      status: 200,
      requestId: '0b6f9a2e-3c1d-4e5f-8a7b-9c0d1e2f3a4b',
      result: [{ scaling: { replicas: null } }],
    });
    expect(check.operation).toBe('GET /v1/organizations/{organizationId}/services/{serviceId}/clickpipes');
    expect(check.problems).toEqual([
      {
        path: '/result/0/scaling/replicas',
        rule: 'type: must be integer at #/components/schemas/ClickPipeScaling/properties/replicas/type',
      },
    ]);
  });

  it('checks query parameters and bodies of requests', () => {
    expect(checkRequest('observability', 'GET', '/api/v2/alerts?limit=50&offset=0', undefined).problems).toEqual([]);
    expect(
      checkRequest('observability', 'GET', '/api/v2/alerts?limit=0&page=2', undefined).problems.map((p) => p.path),
    ).toEqual(['?page', '?limit']);
    const chart = checkRequest('observability', 'POST', '/api/v2/charts/series', {
      startTime: 1,
      endTime: 2,
      granularity: '1m',
      series: [{ sourceId: 'a', aggFn: 'p95', where: '', groupBy: [] }],
    });
    expect(chart.problems[0]).toMatchObject({ path: '/series/0/aggFn' });
    expect(chart.problems[0]!.rule).toMatch(/^enum: .*quantile/);
    expect(checkRequest('cloud', 'GET', '/v1/unknown', undefined).problems[0]!.rule).toMatch(
      /no operation GET \/v1\/unknown/,
    );
  });

  it('validates a Kafka credentials object and a null compression despite the two defects of the document', () => {
    const body = {
      name: 'p',
      source: {
        kafka: {
          type: 'kafka',
          format: 'JSONEachRow',
          brokers: 'b:9092',
          topics: 't',
          authentication: 'PLAIN',
          credentials: { username: 'u', password: 'p' },
        },
      },
      destination: { database: 'default', table: 't', managedTable: true, columns: [{ name: 'id', type: 'UInt64' }] },
      fieldMappings: [{ sourceField: 'id', destinationField: 'id' }],
    };
    expect(checkRequest('cloud', 'POST', '/v1/organizations/o/services/s/clickpipes', body).problems).toEqual([]);
  });

  it("refuses a body in the console's neutral names, untranslated", () => {
    const body = {
      name: 'p',
      source: {
        kafka: {
          type: 'vendor_2',
          format: 'AvroRegistry',
          brokers: 'b:9092',
          topics: 't',
          authentication: 'PLAIN',
          credentials: { username: 'u', password: 'p' },
        },
      },
      destination: { database: 'default', table: 't', managedTable: true, columns: [{ name: 'id', type: 'UInt64' }] },
    };
    const problems = checkRequest('cloud', 'POST', '/v1/organizations/o/services/s/clickpipes', body).problems.map(
      (problem) => problem.path,
    );
    // The type's enum error is folded into the source's oneOf error (isBranchNoise).
    expect(problems).toEqual(expect.arrayContaining(['/source/kafka', '/source/kafka/format']));
  });

  it('applies only corrections whose defect is still in the published document', () => {
    for (const correction of CONTRACT_CORRECTIONS) {
      const schema = schemaAt(contractDocument(correction.surface), correction.at);
      expect(schema, correction.at.join('/')).toBeDefined();
      expect(correction.present(schema!), correction.defect).toBe(true);
    }
  });
});
