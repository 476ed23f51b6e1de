import { describe, expect, it } from 'vitest';
import { hasPipeSeries, splitByService } from './by-service';
import { parsePipeMetrics } from './parse';

const svc = (id: string, name: string) =>
  `clickhouse_org="o",clickhouse_service="${id}",clickhouse_service_name="${name}"`;
const pipe = (service: string, id: string) =>
  `${service},clickpipe_id="${id}",clickpipe_name="p ${id}",clickpipe_source="kafka"`;

/** Two services and a third one that is stopped: each family once, its samples from every service together. */
const ORGANIZATION = `# HELP ClickHouse_ServiceInfo Information about service
# TYPE ClickHouse_ServiceInfo untyped
ClickHouse_ServiceInfo{${svc('a', 'Production')},clickhouse_cluster_status="running",scrape="full"} 1
ClickHouse_ServiceInfo{${svc('b', 'Staging \\"EU\\"')},clickhouse_cluster_status="running",scrape="full"} 1
ClickHouse_ServiceInfo{${svc('c', 'Development')},clickhouse_cluster_status="stopped",scrape="full"} 1

# HELP ClickPipes_Info Always equal to 1.
# TYPE ClickPipes_Info gauge
ClickPipes_Info{${pipe(svc('a', 'Production'), 'p1')},clickpipe_state="Running"} 1
ClickPipes_Info{${pipe(svc('b', 'Staging \\"EU\\"'), 'p2')},clickpipe_state="Failed"} 1
ClickPipes_Info{${pipe(svc('a', 'Production'), 'p3')},clickpipe_state="Stopped"} 1

# HELP ClickPipes_SentEvents_Total Total number of records sent to ClickHouse
# TYPE ClickPipes_SentEvents_Total counter
ClickPipes_SentEvents_Total{${pipe(svc('a', 'Production'), 'p1')}} 10
ClickPipes_SentEvents_Total{${pipe(svc('b', 'Staging \\"EU\\"'), 'p2')}} 20
ClickPipes_SentEvents_Total{${pipe(svc('a', 'Production'), 'p3')}} 30
orphan_without_labels 1
`;

describe('splitByService', () => {
  it('gives each service its own samples with the HELP and TYPE of each family it has, once', () => {
    const parts = splitByService(ORGANIZATION);
    expect([...parts.keys()]).toEqual(['a', 'b', 'c']);
    const a = parts.get('a')!;
    expect(a.match(/^# TYPE ClickPipes_Info gauge$/gm)).toHaveLength(1);
    expect(a.match(/^# HELP ClickPipes_SentEvents_Total /gm)).toHaveLength(1);
    expect(a).not.toContain('clickhouse_service="b"');
    expect(a).not.toContain('orphan_without_labels');
    expect(parts.get('c')).toBe(
      `# HELP ClickHouse_ServiceInfo Information about service\n# TYPE ClickHouse_ServiceInfo untyped\nClickHouse_ServiceInfo{${svc('c', 'Development')},clickhouse_cluster_status="stopped",scrape="full"} 1\n`,
    );
  });

  it('reads back, per service, the pipes and counters the organization answer holds for it', () => {
    const parts = splitByService(ORGANIZATION);
    const a = parsePipeMetrics(parts.get('a')!);
    expect([...a.keys()]).toEqual(['p1', 'p3']);
    expect(a.get('p3')).toMatchObject({ state: 'Stopped', sentEvents: 30 });
    expect(parsePipeMetrics(parts.get('b')!).get('p2')).toMatchObject({ state: 'Failed', sentEvents: 20 });
    expect(parsePipeMetrics(parts.get('c')!).size).toBe(0);
  });

  it('does not take the service name label for the service id', () => {
    const text = `# TYPE ClickPipes_Info gauge\nClickPipes_Info{clickhouse_service_name="x",clickhouse_service="real",clickpipe_id="p"} 1\n`;
    expect([...splitByService(text).keys()]).toEqual(['real']);
  });

  it('tells a text with pipe series from one without', () => {
    const parts = splitByService(ORGANIZATION);
    expect(hasPipeSeries(parts.get('a')!)).toBe(true);
    expect(hasPipeSeries(parts.get('c')!)).toBe(false);
  });
});
