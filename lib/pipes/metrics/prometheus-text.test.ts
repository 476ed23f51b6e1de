import { describe, expect, it } from 'vitest';
import { PrometheusTextError, readPrometheusText, type TextSample } from './prometheus-text';

const read = (text: string, keep: (name: string) => boolean = () => true) => {
  const samples: TextSample[] = [];
  readPrometheusText(text, keep, (sample) => samples.push(sample));
  return samples;
};

describe('readPrometheusText', () => {
  it('reads samples with and without labels, escapes, special values, timestamps and blank or comment lines', () => {
    const text = [
      '# HELP up Whether the target is up.',
      '# TYPE up gauge',
      'up 1',
      '',
      'http_requests_total{method="post",code="200",} 1027 1395066363000',
      'msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9',
      '  spaced { a = "x" , b="}{" }   -Inf  ',
      'not_a_number NaN',
      'positive +Inf',
      'no_newline_at_end{a="1"} .5',
    ].join('\n');
    expect(read(text)).toEqual([
      { name: 'up', labels: {}, value: 1 },
      { name: 'http_requests_total', labels: { method: 'post', code: '200' }, value: 1027 },
      {
        name: 'msdos_file_access_time_seconds',
        labels: { path: 'C:\\DIR\\FILE.TXT', error: 'Cannot find file:\n"FILE.TXT"' },
        value: 1.458255915e9,
      },
      { name: 'spaced', labels: { a: 'x', b: '}{' }, value: -Infinity },
      { name: 'not_a_number', labels: {}, value: NaN },
      { name: 'positive', labels: {}, value: Infinity },
      { name: 'no_newline_at_end', labels: { a: '1' }, value: 0.5 },
    ]);
  });

  it('hands on only the metrics kept, but checks every line', () => {
    expect(read('a{x="1"} 1\nb{y="2"} 2\n', (name) => name === 'b')).toEqual([
      { name: 'b', labels: { y: '2' }, value: 2 },
    ]);
    expect(() => read('a{x="1"} 1\nb{y="2"} two\n', (name) => name === 'a')).toThrow(
      'Line 2: the value of b is not a number: "two"',
    );
  });

  it.each([
    ['a label without quotes', 'm{a=1} 1', 'Line 1: a label cannot be read at "a=1} 1"'],
    ['a label set never closed', 'm{a="1" 1', 'Line 1: the label set is not closed'],
    ['a value missing', 'm{a="1"}', 'Line 1: "m{a="1"}" is not a sample'],
    ['a hexadecimal value', 'm 0x10', 'Line 1: the value of m is not a number: "0x10"'],
    ['a timestamp that is not whole milliseconds', 'm 1 12.5', 'Line 1: "m 1 12.5" is not a sample'],
    ['a name that starts with a digit', '# ok\n\n9lives 1', 'Line 3: "9lives" is not a metric name'],
  ])('refuses %s, naming the line', (_, text, message) => {
    expect(() => read(text)).toThrow(PrometheusTextError);
    expect(() => read(text)).toThrow(message);
  });
});
