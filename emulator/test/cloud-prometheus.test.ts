/** The service's Prometheus endpoint: the vendor's pipe metric names and labels, counters that move with each pipe's state. */
import { describe, expect, it } from 'vitest';
import { parsePipeMetrics } from '@/lib/pipes/metrics/parse';
import { emulatorForFile } from './harness';
import { kinesisBody, pipeClient } from './pipe-fixtures';

const STEP_MS = 20;
const t = emulatorForFile({ stepMs: STEP_MS });
const { create, command, waitFor, seeded } = pipeClient(t, STEP_MS);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function scrape(query = '?filtered_metrics=true') {
  const res = await t.cloud('GET', `${t.service}/prometheus${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return { text: res.text, pipes: parsePipeMetrics(res.text) };
}

describe('the Prometheus endpoint', () => {
  it('labels every pipe as the vendor documents it, with its state on ClickPipes_Info', async () => {
    const [orders, , , billing, failed] = await seeded();
    const { text, pipes } = await scrape();
    expect(text).toMatch(/^# HELP ClickHouse_ServiceInfo /);
    expect(text).toContain('# TYPE ClickPipes_FetchedEvents_Total counter');
    expect(text).toContain('# TYPE ClickPipes_Latency gauge');
    expect(text).toContain(
      `ClickPipes_Info{clickhouse_org="${t.emulator.organizationId}",clickhouse_service="${t.emulator.serviceId}",clickhouse_service_name=`,
    );
    expect(text).toContain(
      `clickpipe_id="${failed!.id}",clickpipe_name="Legacy audit log",clickpipe_source="confluent",clickpipe_state="Failed"} 1`,
    );
    expect(pipes.size).toBe(5);
    expect(pipes.get(orders!.id)).toMatchObject({ name: 'Orders events', source: 'kafka', state: 'Running' });
    expect(pipes.get(orders!.id)!.latencyMs).toBeGreaterThan(0);
    expect(pipes.get(billing!.id)!.replicationLagMiB).toBeGreaterThan(0);
    expect(text).toMatch(
      new RegExp(
        `ClickPipes_FetchedEvents_PerTable\\{[^}]*clickpipe_id="${billing!.id}"[^}]*destination_table="billing_invoices",event_type="insert"\\} \\d+`,
      ),
    );
    // A pipe that does not ingest has no replicas to measure and no latency.
    expect(pipes.get(failed!.id)!.latencyMs).toBeUndefined();
    expect(pipes.get(failed!.id)!.cpuLimitMillicores).toBe(500);
  });

  it('moves the counters of running pipes only, and counts errors of a failed one', async () => {
    const [orders, clicks, exports, , failed] = await seeded();
    const before = (await scrape()).pipes;
    await sleep(1100);
    const after = (await scrape()).pipes;
    expect(after.get(orders!.id)!.sentEvents).toBeGreaterThan(before.get(orders!.id)!.sentEvents);
    expect(after.get(orders!.id)!.sentBytes).toBeGreaterThan(before.get(orders!.id)!.sentBytes);
    expect(after.get(orders!.id)!.errors).toBe(before.get(orders!.id)!.errors);
    // The erroring Kinesis pipe sends a share of its records to the error table.
    expect(after.get(clicks!.id)!.errors).toBeGreaterThan(before.get(clicks!.id)!.errors);
    expect(after.get(exports!.id)).toEqual(before.get(exports!.id));
    expect(after.get(failed!.id)!.errors).toBeGreaterThan(before.get(failed!.id)!.errors);
    expect(after.get(failed!.id)!.sentEvents).toBe(before.get(failed!.id)!.sentEvents);
  });

  it('starts a new pipe from zero and stops counting once it is stopped', async () => {
    const pipe = await create(kinesisBody());
    expect((await scrape()).pipes.get(pipe.id)).toMatchObject({ state: 'Provisioning', sentEvents: 0, errors: 0 });
    await waitFor(pipe.id, 'Running');
    await sleep(60);
    expect((await scrape()).pipes.get(pipe.id)!.sentEvents).toBeGreaterThan(0);
    await command(pipe.id, 'stop');
    await waitFor(pipe.id, 'Stopped');
    const stopped = (await scrape()).pipes.get(pipe.id)!;
    await sleep(60);
    expect((await scrape()).pipes.get(pipe.id)!.sentEvents).toBe(stopped.sentEvents);
  });

  it('refuses a filtered_metrics that is not a boolean', async () => {
    for (const path of [`${t.service}/prometheus`, `${t.org}/prometheus`]) {
      const res = await t.cloud<{ error: string }>('GET', `${path}?filtered_metrics=maybe`);
      expect([res.status, res.body.error]).toEqual([400, 'BAD_REQUEST: filtered_metrics must be true or false']);
    }
  });
});

describe('the organization-wide Prometheus endpoint', () => {
  const services = async () =>
    (await t.cloud<{ result: { id: string; name: string; state: string }[] }>('GET', `${t.org}/services`)).body.result;

  it("holds every service's series in one text, each family's HELP and TYPE once", async () => {
    const org = await t.cloud('GET', `${t.org}/prometheus?filtered_metrics=true`);
    expect(org.status).toBe(200);
    expect(org.headers.get('content-type')).toMatch(/^text\/plain/);
    const helps = org.text.split('\n').filter((line) => line.startsWith('# HELP '));
    expect(new Set(helps).size).toBe(helps.length);
    expect(org.text.match(/^# TYPE ClickPipes_Info gauge$/gm)).toHaveLength(1);
    // A family's samples stand together, whatever service they belong to.
    const infoLines = org.text.split('\n# HELP ').find((block) => block.startsWith('ClickPipes_Info '))!;
    const list = await services();
    for (const service of list) {
      expect(infoLines).toContain(`clickhouse_service="${service.id}",clickhouse_service_name="${service.name}"`);
    }
    // Production's five, Staging's two and the stopped Development service's one.
    expect(parsePipeMetrics(org.text).size).toBe(8);
  });

  it("labels every series with its service, and answers for each service what the service's own endpoint does", async () => {
    const org = await t.cloud('GET', `${t.org}/prometheus?filtered_metrics=true`);
    const all = parsePipeMetrics(org.text);
    for (const service of await services()) {
      const own = parsePipeMetrics((await t.cloud('GET', `${t.org}/services/${service.id}/prometheus`)).text);
      expect([...own.keys()].every((id) => all.has(id))).toBe(true);
      const labelled = org.text
        .split('\n')
        .filter((line) => line.startsWith('ClickPipes_Info{') && line.includes(`clickhouse_service="${service.id}"`));
      expect(labelled).toHaveLength(own.size);
    }
  });

  it('gives a service that is not running only its ClickHouse_ServiceInfo besides its pipes', async () => {
    const development = (await services()).find((s) => s.name === 'Development')!;
    expect(development.state).toBe('stopped');
    const own = (await t.cloud('GET', `${t.org}/services/${development.id}/prometheus`)).text;
    expect(own).toContain('clickhouse_cluster_status="stopped"');
    expect(own).not.toContain('ClickHouseProfileEvents_Query');
    expect(parsePipeMetrics(own).get([...parsePipeMetrics(own).keys()][0]!)).toMatchObject({ state: 'Stopped' });
  });
});
