import { describe, expect, it } from 'vitest';
import { MetricsParseError, parsePipeMetrics } from './parse';

const ID = '642bb967-940b-459e-9f63-a2833f62ec44';
const labels = `clickhouse_org="o",clickhouse_service="s",clickhouse_service_name="my service",clickpipe_id="${ID}",clickpipe_name="my \\"kafka\\" pipe",clickpipe_source="confluent"`;
const SAMPLE = `# HELP ClickHouse_ServiceInfo Information about service
# TYPE ClickHouse_ServiceInfo untyped
ClickHouse_ServiceInfo{clickhouse_org="o",clickhouse_service="s",clickhouse_service_name="my service",clickhouse_cluster_status="running",clickhouse_version="24.5",scrape="full"} 1

# HELP ClickPipes_Info Always equal to 1.
# TYPE ClickPipes_Info gauge
ClickPipes_Info{${labels},clickpipe_state="Running"} 1

# TYPE ClickPipes_FetchedEvents_Total counter
ClickPipes_FetchedEvents_Total{${labels}} 5535376
# TYPE ClickPipes_SentEvents_Total counter
ClickPipes_SentEvents_Total{${labels}} 5534250
# TYPE ClickPipes_FetchedBytes_Total counter
ClickPipes_FetchedBytes_Total{${labels}} 873286202
# TYPE ClickPipes_SentBytes_Total counter
ClickPipes_SentBytes_Total{${labels}} 477187967
# TYPE ClickPipes_Errors_Total counter
ClickPipes_Errors_Total{${labels}} 0
# TYPE ClickPipes_Latency gauge
ClickPipes_Latency{${labels}} 340`;

describe('parsePipeMetrics', () => {
  it('reads the documented sample into one record per pipe, ignoring the service metrics', () => {
    const pipes = parsePipeMetrics(SAMPLE);
    expect([...pipes.keys()]).toEqual([ID]);
    expect(pipes.get(ID)).toEqual({
      id: ID,
      name: 'my "kafka" pipe',
      source: 'confluent',
      state: 'Running',
      fetchedEvents: 5535376,
      sentEvents: 5534250,
      fetchedBytes: 873286202,
      sentBytes: 477187967,
      errors: 0,
      latencyMs: 340,
    });
  });

  it('reads an answer with no pipe metrics as no pipes', () => {
    expect(parsePipeMetrics('').size).toBe(0);
    expect(parsePipeMetrics('# only a comment\n').size).toBe(0);
  });

  it.each([
    ['an HTML page', '<html><body>Bad gateway</body></html>', 'The answer is not in the Prometheus text format'],
    ['a JSON body', '{"status":200,"result":[]}', 'The answer is not in the Prometheus text format'],
    [
      'a broken label set',
      `# TYPE x counter\nClickPipes_Errors_Total{clickpipe_id="x" 3`,
      'Line 2: the label set is not closed',
    ],
    ['a broken label set of a metric it does not read', `Other_Total{a="x" 3`, 'Line 1: the label set is not closed'],
    [
      'a value that is not a number',
      `ClickPipes_Errors_Total{clickpipe_id="x"} many`,
      'Line 1: the value of ClickPipes_Errors_Total is not a number: "many"',
    ],
    ['a line that is not a sample', 'this is not prometheus\n', 'Line 1: "this is not prometheus" is not a sample'],
    ['a name that is not a metric name', 'Bad-gateway 502\n', 'Line 1: "Bad-gateway" is not a metric name'],
  ])('refuses %s', (_, text, message) => {
    expect(() => parsePipeMetrics(text)).toThrow(MetricsParseError);
    expect(() => parsePipeMetrics(text)).toThrow(message);
  });
});
