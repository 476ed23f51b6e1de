/** The pieces every delivery relies on: signature, secrets at rest, the target guard, back-off, the evaluator. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, GIVE_UP_AFTER_MS, retryDelayMs, stillRetrying } from './backoff';
import { RuleEvaluator, type EvalRule } from './evaluate';
import { deriveKey, openSecret, sealSecret, SecretUnreadable } from './secret-box';
import { signBody, verifySignature } from './signature';
import { allowedHosts, isSpecialAddress, problemWithHost, problemWithUrl } from './target-guard';
import type { PipeSample } from '@/lib/pipes/metrics/parse';

describe('signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body under the secret', () => {
    const body = '{"event":"pipe_failed","state":"firing"}';
    expect(signBody(body, 'channel-secret')).toBe(
      `sha256=${createHmac('sha256', 'channel-secret').update(body).digest('hex')}`,
    );
    expect(verifySignature(body, 'channel-secret', signBody(body, 'channel-secret'))).toBe(true);
    expect(verifySignature(`${body} `, 'channel-secret', signBody(body, 'channel-secret'))).toBe(false);
    expect(verifySignature(body, 'other-secret', signBody(body, 'channel-secret'))).toBe(false);
    expect(verifySignature(body, 'channel-secret', undefined)).toBe(false);
  });
});

describe('secrets at rest', () => {
  const key = deriveKey('a-session-secret-of-at-least-32-characters');
  it('round-trips, never stores the plain text, and differs each time', () => {
    const sealed = sealSecret('hook-secret-123', key);
    expect(sealed).not.toContain('hook-secret-123');
    expect(sealSecret('hook-secret-123', key)).not.toBe(sealed);
    expect(openSecret(sealed, key)).toBe('hook-secret-123');
  });
  it('refuses another key and an altered text', () => {
    const sealed = sealSecret('hook-secret-123', key);
    expect(() => openSecret(sealed, deriveKey('another-secret-of-at-least-32-characters'))).toThrow(SecretUnreadable);
    // One bit of the ciphertext flipped (changing the text's last characters could touch only base64's padding bits).
    const [prefix, iv, body] = sealed.split(':');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0]! ^= 1;
    const tampered = `${prefix}:${iv}:${bytes.toString('base64url')}`;
    expect(() => openSecret(tampered, key)).toThrow(SecretUnreadable);
    expect(() => openSecret('plain', key)).toThrow(SecretUnreadable);
  });
});

describe('target guard', () => {
  const none = allowedHosts('');
  it.each([
    ['ftp://hooks.example.com/x', 'must be an http(s) URL'],
    ['javascript:alert(1)', 'must be an http(s) URL'],
    ['not a url', 'must be a URL'],
    ['http://127.0.0.1:9000/hook', 'private, loopback or link-local'],
    ['http://localhost/hook', 'private, loopback or link-local'],
    ['http://10.1.2.3/hook', 'private, loopback or link-local'],
    ['http://192.168.0.10/hook', 'private, loopback or link-local'],
    ['http://172.20.0.1/hook', 'private, loopback or link-local'],
    ['http://[::1]/hook', 'private, loopback or link-local'],
    ['http://[fe80::1]/hook', 'private, loopback or link-local'],
    ['http://[::ffff:127.0.0.1]/hook', 'private, loopback or link-local'],
    ['http://169.254.169.254/latest/meta-data', 'cloud metadata address'],
  ])('refuses %s', (url, problem) => {
    expect(problemWithUrl(url, none)).toContain(problem);
  });
  it('accepts public hosts, and private ones listed in NOTIFY_ALLOWED_HOSTS, never the metadata address', () => {
    expect(problemWithUrl('https://hooks.slack.com/services/T/B/x', none)).toBeUndefined();
    expect(problemWithUrl('http://8.8.8.8/hook', none)).toBeUndefined();
    const allowed = allowedHosts(' 127.0.0.1 , hooks.internal');
    expect(problemWithUrl('http://127.0.0.1:9000/hook', allowed)).toBeUndefined();
    expect(problemWithUrl('http://169.254.169.254/', allowedHosts('169.254.169.254'))).toContain('never allowed');
    expect(problemWithHost('169.254.169.254', allowedHosts('169.254.169.254'))).toContain('never allowed');
    expect(isSpecialAddress('100.64.0.1')).toBe(true);
    expect(isSpecialAddress('1.1.1.1')).toBe(false);
  });
});

describe('back-off', () => {
  it('retries first within 10 s, doubles, is capped at an hour, and gives up after a day', () => {
    const fixed = () => 0.5;
    expect(retryDelayMs(1, fixed)).toBeLessThanOrEqual(10_000);
    expect(retryDelayMs(1, () => 0.999)).toBeLessThanOrEqual(FIRST_RETRY_MS);
    expect(retryDelayMs(2, fixed)).toBe(2 * retryDelayMs(1, fixed));
    expect(retryDelayMs(40, fixed)).toBeLessThanOrEqual(3_600_000);
    expect(stillRetrying(0, GIVE_UP_AFTER_MS - 1)).toBe(true);
    expect(stillRetrying(0, GIVE_UP_AFTER_MS)).toBe(false);
  });
});

const pipe = (id: string, extra: Partial<PipeSample> = {}): PipeSample => ({
  id,
  name: `pipe ${id}`,
  state: 'Running',
  fetchedEvents: 0,
  sentEvents: 0,
  fetchedBytes: 0,
  sentBytes: 0,
  errors: 0,
  ...extra,
});
const observe = (at: number, pipes: PipeSample[]) => ({
  at,
  serviceId: 'svc',
  pipes,
  budgetRefusals: 0,
  contractMismatches: 0,
});

describe('rule evaluator', () => {
  it("keeps one service's failed pipe while the scrapes of other services come in between", () => {
    const evaluator = new RuleEvaluator();
    const rules: EvalRule[] = [{ id: 'failed', event: 'pipe_failed', forMinutes: 0 }];
    const of = (serviceId: string, at: number, pipes: PipeSample[]) => ({ ...observe(at, pipes), serviceId });
    const subjects = (conditions: { subject: string }[]) => conditions.map((c) => c.subject).sort();
    expect(subjects(evaluator.evaluate(rules, of('prod', 0, [pipe('a', { state: 'Failed' })])))).toEqual(['a']);
    // Staging's scrape does not hold Production's pipe: its failure stays until Production's next scrape.
    expect(subjects(evaluator.evaluate(rules, of('staging', 1, [pipe('s', { state: 'Failed' })])))).toEqual(['a', 's']);
    expect(subjects(evaluator.evaluate(rules, of('dev', 2, [])))).toEqual(['a', 's']);
    expect(subjects(evaluator.evaluate(rules, of('prod', 30_000, [pipe('a')])))).toEqual(['s']);
    expect(subjects(evaluator.evaluate(rules, of('staging', 30_001, [])))).toEqual([]);
  });

  it('holds a failed pipe at once, and only after forMinutes when asked', () => {
    const evaluator = new RuleEvaluator();
    const rules: EvalRule[] = [
      { id: 'now', event: 'pipe_failed', forMinutes: 0 },
      { id: 'later', event: 'pipe_failed', forMinutes: 5 },
    ];
    expect(
      evaluator
        .evaluate(rules, observe(0, [pipe('a', { state: 'Failed' }), pipe('b')]))
        .map((c) => `${c.ruleId}:${c.subject}`),
    ).toEqual(['now:a']);
    expect(
      evaluator
        .evaluate(rules, observe(300_000, [pipe('a', { state: 'Failed' })]))
        .map((c) => `${c.ruleId}:${c.subject}`),
    ).toEqual(['now:a', 'later:a']);
    expect(evaluator.evaluate(rules, observe(330_000, [pipe('a')]))).toEqual([]);
  });

  it('judges error rates, stalls, lag, scope and expiring keys', () => {
    const evaluator = new RuleEvaluator();
    const rules: EvalRule[] = [
      { id: 'errors', event: 'pipe_errors', threshold: 10, forMinutes: 0 },
      { id: 'stalled', event: 'pipe_stalled', forMinutes: 2 },
      { id: 'lag', event: 'replication_lag', threshold: 100, forMinutes: 0, pipeIds: new Set(['b']) },
      { id: 'keys', event: 'key_expiring', threshold: 7, forMinutes: 0 },
    ];
    const keys = [
      { id: 'k1', name: 'soon', expiresAt: new Date(3 * 86_400_000).toISOString() },
      { id: 'k2', name: 'later', expiresAt: new Date(30 * 86_400_000).toISOString() },
    ];
    evaluator.evaluate(rules, {
      ...observe(0, [
        pipe('a', { errors: 0, fetchedEvents: 5 }),
        pipe('b', { replicationLagMiB: 500, fetchedEvents: 1 }),
      ]),
      keys,
    });
    const second = evaluator.evaluate(rules, {
      ...observe(60_000, [
        pipe('a', { errors: 20, fetchedEvents: 9 }),
        pipe('b', { replicationLagMiB: 500, fetchedEvents: 1 }),
      ]),
      keys,
    });
    expect(second.map((c) => `${c.ruleId}:${c.subject}`).sort()).toEqual(['errors:a', 'keys:key:k1', 'lag:b']);
    const third = evaluator.evaluate(
      rules,
      observe(180_000, [pipe('a', { errors: 20, fetchedEvents: 12 }), pipe('b', { fetchedEvents: 1 })]),
    );
    expect(third.map((c) => `${c.ruleId}:${c.subject}`).sort()).toEqual(['stalled:b']);
  });

  it('keeps pipe conditions as they were when a round had no scrape', () => {
    const evaluator = new RuleEvaluator();
    const rules: EvalRule[] = [{ id: 'failed', event: 'pipe_failed', forMinutes: 0 }];
    evaluator.evaluate(rules, observe(0, [pipe('a', { state: 'Failed' })]));
    expect(
      evaluator
        .evaluate(rules, { at: 30_000, serviceId: 'svc', budgetRefusals: 1, contractMismatches: 0 })
        .map((c) => c.subject),
    ).toEqual(['a']);
  });
});

describe('messages', () => {
  it('say what happened, in the tense it happened', async () => {
    const { summaryOf, slackMessage, notificationBody } = await import('./messages');
    const key = { id: 'k', name: 'Loader', expiresAt: '2026-01-10T00:00:00Z' };
    expect(summaryOf('key_expiring', 'firing', { key, value: 3 })).toBe('API key “Loader” expires on 2026-01-10');
    expect(summaryOf('key_expiring', 'firing', { key, value: -1 })).toBe('API key “Loader” expired on 2026-01-10');
    const pipe = { id: 'p', name: 'orders', serviceId: 's' };
    expect(summaryOf('pipe_failed', 'resolved', { pipe })).toBe('Pipe “orders” recovered');
    const body = notificationBody({
      event: 'pipe_failed',
      state: 'firing',
      occurredAt: new Date(0),
      details: { pipe },
      reason: 'Broker <down>',
      baseUrl: 'https://sluice.example/',
    });
    expect(body).toEqual({
      event: 'pipe_failed',
      state: 'firing',
      occurredAt: '1970-01-01T00:00:00.000Z',
      pipe,
      service: { id: 's', name: 's' },
      reason: 'Broker <down>',
      summary: 'Pipe “orders” failed',
      link: 'https://sluice.example/services/s/pipes/p',
    });
    expect(JSON.stringify(slackMessage(body))).toContain('Broker &lt;down&gt;');
  });
});
