import { describe, expect, it } from 'vitest';
import { Chart, ChartFailure, TemplateError } from './template';

const render = (source: string, context: unknown = {}) => new Chart().render(source, context);

describe('the Helm template subset', () => {
  it('trims around {{- and -}} and drops comments', () => {
    expect(render('a  \n  {{- "b" -}}  \n c{{/* why */}}')).toBe('abc');
  });

  it('reads fields, variables and pipelines with parentheses', () => {
    const context = { Values: { name: 'x', n: '3' } };
    expect(
      render('{{ .Values.name | quote }} {{ add (int .Values.n) 2 }} {{ $v := .Values.name }}{{ $v }}', context),
    ).toBe('"x" 5 x');
    expect(render('{{ printf "%s-%s" .Values.name "y" | trunc 3 | trimSuffix "-" }}', context)).toBe('x-y');
  });

  it('branches with if / else if / else, and treats empty values as false', () => {
    const template = '{{ if .a }}A{{ else if .b }}B{{ else }}C{{ end }}';
    expect(render(template, { a: 'yes' })).toBe('A');
    expect(render(template, { a: '', b: [1] })).toBe('B');
    expect(render(template, { a: 0, b: {} })).toBe('C');
  });

  it('ranges over lists and maps (keys in order), and with sets the dot', () => {
    expect(render('{{ range . }}[{{ . }}]{{ end }}', ['a', 'b'])).toBe('[a][b]');
    expect(render('{{ range $k, $v := . }}{{ $k }}={{ $v }};{{ end }}', { b: 2, a: 1 })).toBe('a=1;b=2;');
    expect(render('{{ with .x }}{{ .y }}{{ else }}none{{ end }}', { x: { y: 'z' } })).toBe('z');
  });

  it('includes definitions and indents YAML', () => {
    const chart = new Chart();
    chart.addDefinitions('{{- define "labels" -}}\na: {{ .name }}\nb: c\n{{- end -}}');
    expect(chart.render('labels:\n  {{- include "labels" . | nindent 2 }}', { name: 'n' })).toBe(
      'labels:\n  a: n\n  b: c',
    );
    expect(chart.render('x:\n  {{- toYaml .list | nindent 2 }}', { list: [{ k: 1 }] })).toBe('x:\n  - k: 1');
  });

  it('refuses with fail and required, and throws on what it does not know', () => {
    expect(() => render('{{ fail "no" }}')).toThrow(new ChartFailure('no'));
    expect(() => render('{{ required "set it" .missing }}', {})).toThrow(new ChartFailure('set it'));
    expect(() => render('{{ lookup "v1" "Secret" "" "" }}')).toThrow(TemplateError);
    expect(() => render('{{ if .a }}open')).toThrow('missing {{ else or end }}');
  });
});
