import { describe, expect, it } from 'vitest';
import { ipAllowed, isIpOrCidr, isLoopback, normalizeAddress } from './ip';

describe('IP helpers', () => {
  it.each([
    ['10.0.0.1', true],
    ['10.0.0.0/8', true],
    ['0.0.0.0/0', true],
    ['::1', true],
    ['2001:db8::/32', true],
    ['2001:db8::/128', true],
    ['10.0.0.0/33', false],
    ['2001:db8::/129', false],
    ['10.0.0.256', false],
    ['10.0.0.0/', false],
    ['10.0.0.0/8/8', false],
    ['example.com', false],
    ['', false],
    ['10.0.0.0/-1', false],
  ])('isIpOrCidr(%j) is %s', (value, expected) => {
    expect(isIpOrCidr(value)).toBe(expected);
  });

  it('matches addresses against an access list', () => {
    expect(ipAllowed([], '192.0.2.1')).toBe(true);
    expect(ipAllowed(['192.0.2.0/24'], '192.0.2.77')).toBe(true);
    expect(ipAllowed(['192.0.2.0/24'], '::ffff:192.0.2.77')).toBe(true);
    expect(ipAllowed(['192.0.2.0/24', '2001:db8::/32'], '198.51.100.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8::5')).toBe(true);
    expect(ipAllowed(['127.0.0.1'], '127.0.0.1')).toBe(true);
  });

  it('recognises loopback peers only', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('127.10.0.3')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback('::ffff:10.0.0.1')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
    expect(normalizeAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });
});
