import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { PipeMetricsSampler } from './sampler';

const ORG = 'org';
const SVC = 'svc';
const text = (sent: number) =>
  `# TYPE ClickPipes_SentEvents_Total counter\nClickPipes_SentEvents_Total{clickpipe_id="p"} ${sent}\n# TYPE ClickPipes_Info gauge\nClickPipes_Info{clickpipe_id="p",clickpipe_state="Running"} 1\n`;

let sampler: PipeMetricsSampler | undefined;
afterEach(() => sampler?.stop());

function setup(answers: Array<string | Error>) {
  let now = 1_000_000;
  const scrape = vi.fn(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return { text: next ?? '', at: now };
  });
  sampler = new PipeMetricsSampler(scrape, 30_000, () => now);
  return { sampler, scrape, advance: (ms: number) => (now += ms) };
}

describe('PipeMetricsSampler', () => {
  it('tells its listeners once per new scrape, with the pipes and their state (notifications judge them)', async () => {
    const { sampler, advance } = setup([text(100), text(200)]);
    const heard: Array<{ at: number; states?: Array<string | undefined> }> = [];
    sampler.onScrape((event) => heard.push({ at: event.at, states: event.pipes?.map((pipe) => pipe.state) }));
    await sampler.read(ORG, SVC);
    await sampler.read(ORG, SVC);
    advance(30_000);
    await sampler.read(ORG, SVC);
    expect(heard).toEqual([
      { at: 1_000_000, states: ['Running'] },
      { at: 1_030_000, states: ['Running'] },
    ]);
  });

  it('scrapes once for any number of readers within an interval, and again after it', async () => {
    const { sampler, scrape, advance } = setup([text(100), text(400)]);
    const reads = await Promise.all([sampler.read(ORG, SVC), sampler.read(ORG, SVC), sampler.read(ORG, SVC)]);
    expect(scrape).toHaveBeenCalledTimes(1);
    expect(reads[0]!.history.summary('p')!.totals.rows).toBe(100);
    advance(10_000);
    await sampler.read(ORG, SVC);
    expect(scrape).toHaveBeenCalledTimes(1);
    advance(20_000);
    const { history } = await sampler.read(ORG, SVC);
    expect(scrape).toHaveBeenCalledTimes(2);
    expect(history.summary('p')!.rates!.rowsPerSecond).toBe(10);
  });

  it('answers what the last scrape left at once, while the scrape that is due is still running', async () => {
    let finish: (() => void) | undefined;
    const { sampler, scrape, advance } = setup([text(100)]);
    await sampler.read(ORG, SVC);
    advance(30_000);
    scrape.mockImplementationOnce(
      () => new Promise((resolve) => (finish = () => resolve({ text: text(400), at: 1_030_000 }))),
    );
    const waiting = sampler.read(ORG, SVC);
    expect(scrape).toHaveBeenCalledTimes(2);
    expect(sampler.current(ORG, SVC).history.summary('p')!.totals.rows).toBe(100);
    finish!();
    expect((await waiting).history.summary('p')!.totals.rows).toBe(400);
    expect(sampler.current(ORG, SVC).history.summary('p')!.totals.rows).toBe(400);
  });

  it('keeps what it had when a scrape fails, says why, and answers the raw text with the error', async () => {
    const { sampler, advance } = setup([
      text(100),
      '<html>Bad gateway</html>',
      new ApiError(429, 'UPSTREAM_RATE_LIMITED', 'Slow down'),
    ]);
    await sampler.read(ORG, SVC);
    advance(30_000);
    const { history, failure } = await sampler.read(ORG, SVC);
    expect(history.summary('p')!.totals.rows).toBe(100);
    expect(failure).toEqual({
      message: "The cloud API's metrics could not be read: The answer is not in the Prometheus text format",
      at: 1_030_000,
    });
    advance(30_000);
    await expect(sampler.text(ORG, SVC)).rejects.toThrow('Slow down');
  });

  it('skips a round that gave way to people (budget tight) without calling it a failure, and does not retry at once', async () => {
    const tight = new ApiError(429, 'UPSTREAM_BUDGET_EXHAUSTED', 'The cloud API budget is exhausted');
    const { sampler, scrape, advance } = setup([text(100), tight, text(700)]);
    await sampler.read(ORG, SVC);
    advance(30_000);
    const skipped = await sampler.read(ORG, SVC);
    expect(skipped.failure).toBeUndefined();
    expect(skipped.history.summary('p')!.totals.rows).toBe(100);
    advance(5_000);
    await sampler.read(ORG, SVC);
    expect(scrape).toHaveBeenCalledTimes(2);
    advance(25_000);
    const { history } = await sampler.read(ORG, SVC);
    expect(scrape).toHaveBeenCalledTimes(3);
    expect(history.summary('p')!.totals.rows).toBe(700);
  });

  it('calls a tight budget a failure while it has nothing to show yet', async () => {
    const { sampler } = setup([new ApiError(429, 'UPSTREAM_BUDGET_EXHAUSTED', 'The cloud API budget is exhausted')]);
    const { failure } = await sampler.read(ORG, SVC);
    expect(failure?.message).toBe('The cloud API budget is exhausted');
  });

  it("adds another instance's scrape once: the same scrape again is nothing new", async () => {
    let now = 1_000_000;
    const shared = { text: text(100), at: now };
    const scrape = vi.fn(async () => shared);
    sampler = new PipeMetricsSampler(scrape, 30_000, () => now);
    await sampler.read(ORG, SVC);
    now += 30_000;
    const { history } = await sampler.read(ORG, SVC);
    expect(scrape).toHaveBeenCalledTimes(2);
    expect(history.summary('p')!.rates).toBeUndefined();
    expect(history.sampledAt).toBe(1_000_000);
  });
});
