/**
 * Not part of the console: the part of Helm's template language (Go's text/template plus a few
 * Sprig functions) that deploy/helm/sluice uses, so its tests render the chart where no helm
 * binary exists. Unknown functions and syntax throw, so a template that strays from this subset
 * fails its test instead of rendering wrongly. What it knows: `{{- -}}` trimming, comments,
 * `if`/`else if`/`else`, `range` (lists and maps, with `$k, $v :=`), `with`, `define`/`include`,
 * variables, pipelines, parentheses, and the functions in FUNCTIONS.
 */
import { stringify } from 'yaml';

type Value = unknown;

interface Scope {
  dot: Value;
  root: Value;
  vars: Map<string, Value>;
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'output'; pipeline: string }
  | { kind: 'assign'; name: string; pipeline: string }
  | { kind: 'if'; branches: Array<{ pipeline: string | null; body: Node[] }> }
  | { kind: 'range'; key: string | null; value: string | null; pipeline: string; body: Node[]; otherwise: Node[] }
  | { kind: 'with'; pipeline: string; body: Node[]; otherwise: Node[] };

export class TemplateError extends Error {
  override name = 'TemplateError';
}

/** What `fail` raises: the chart's own refusal, as `helm template` prints it. */
export class ChartFailure extends Error {
  override name = 'ChartFailure';
}

/** Splits text into text and action pieces, applying `{{-` and `-}}` trimming. */
function lex(source: string): Array<{ text: string } | { action: string }> {
  const pieces: Array<{ text: string } | { action: string }> = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    if (open === -1) {
      pieces.push({ text: source.slice(at) });
      break;
    }
    let text = source.slice(at, open);
    const close = source.indexOf('}}', open);
    if (close === -1) throw new TemplateError(`unclosed action at ${open}`);
    let inner = source.slice(open + 2, close);
    if (inner.startsWith('- ') || inner === '-') {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    let trimAfter = false;
    if (inner.endsWith(' -')) {
      trimAfter = true;
      inner = inner.slice(0, -1);
    }
    pieces.push({ text });
    pieces.push({ action: inner.trim() });
    at = close + 2;
    if (trimAfter) while (at < source.length && /\s/.test(source[at]!)) at += 1;
  }
  return pieces.filter((piece) => !('text' in piece) || piece.text !== '');
}

interface Parsed {
  nodes: Node[];
  defines: Map<string, Node[]>;
}

function parse(source: string): Parsed {
  const pieces = lex(source);
  const defines = new Map<string, Node[]>();
  let index = 0;

  /** Parses until one of `stops` (an action keyword); returns the nodes and the stop found. */
  function block(stops: string[]): { nodes: Node[]; stop: string } {
    const nodes: Node[] = [];
    while (index < pieces.length) {
      const piece = pieces[index++]!;
      if ('text' in piece) {
        nodes.push({ kind: 'text', text: piece.text });
        continue;
      }
      const action = piece.action;
      if (action.startsWith('/*')) continue;
      const keyword = /^(\w+)/.exec(action)?.[1] ?? '';
      const rest = action.slice(keyword.length).trim();
      if (stops.includes(action) || (stops.includes('else') && keyword === 'else')) return { nodes, stop: action };
      if (keyword === 'end') throw new TemplateError('unexpected {{ end }}');
      if (keyword === 'if') {
        const branches: Array<{ pipeline: string | null; body: Node[] }> = [];
        let pipeline: string | null = rest;
        for (;;) {
          const { nodes: body, stop } = block(['else', 'end']);
          branches.push({ pipeline, body });
          if (stop === 'end') break;
          const elseRest = stop.slice(4).trim();
          if (elseRest.startsWith('if ')) pipeline = elseRest.slice(3).trim();
          else if (elseRest === '') pipeline = null;
          else throw new TemplateError(`cannot read {{ ${stop} }}`);
        }
        nodes.push({ kind: 'if', branches });
      } else if (keyword === 'range' || keyword === 'with') {
        const { nodes: body, stop } = block(['else', 'end']);
        const otherwise = stop === 'end' ? [] : block(['end']).nodes;
        if (keyword === 'with') {
          nodes.push({ kind: 'with', pipeline: rest, body, otherwise });
        } else {
          const declared = /^(\$\w+)(?:\s*,\s*(\$\w+))?\s*:=\s*(.+)$/.exec(rest);
          nodes.push({
            kind: 'range',
            key: declared?.[2] ? declared[1]! : null,
            value: declared ? (declared[2] ?? declared[1]!) : null,
            pipeline: declared ? declared[3]! : rest,
            body,
            otherwise,
          });
        }
      } else if (keyword === 'define') {
        const name = JSON.parse(rest) as string;
        defines.set(name, block(['end']).nodes);
      } else {
        const assign = /^(\$\w+)\s*:?=\s*(.+)$/.exec(action);
        if (assign) nodes.push({ kind: 'assign', name: assign[1]!, pipeline: assign[2]! });
        else nodes.push({ kind: 'output', pipeline: action });
      }
    }
    if (stops.length > 0) throw new TemplateError(`missing {{ ${stops.join(' or ')} }}`);
    return { nodes, stop: '' };
  }

  return { nodes: block([]).nodes, defines };
}

/** Tokens of a pipeline: strings, parentheses, pipes and words. */
function tokenize(pipeline: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|\||[^\s()|]+)/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(pipeline)) !== null) {
    tokens.push(match[1]!);
    if (pattern.lastIndex >= pipeline.length) break;
  }
  if (tokens.join('').replace(/\s/g, '') !== pipeline.replace(/\s/g, ''))
    throw new TemplateError(`cannot read "${pipeline}"`);
  return tokens;
}

export function truthy(value: Value): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function field(value: Value, path: string[]): Value {
  let current = value;
  for (const name of path) {
    if (current === null || current === undefined) return undefined;
    if (typeof current !== 'object') throw new TemplateError(`cannot read .${name} of ${JSON.stringify(current)}`);
    current = (current as Record<string, Value>)[name];
  }
  return current;
}

function indentLines(spaces: number, text: string): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}

function toNumber(value: Value): number {
  const number = typeof value === 'string' ? Number.parseInt(value, 10) : Number(value ?? 0);
  return Number.isNaN(number) ? 0 : Math.trunc(number);
}

const compare = (a: Value, b: Value) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

export class Chart {
  private readonly defines = new Map<string, Node[]>();

  /** Registers the `define`s of a file (helpers are read before the templates that include them). */
  addDefinitions(source: string): void {
    for (const [name, body] of parse(source).defines) this.defines.set(name, body);
  }

  render(source: string, context: Value): string {
    const parsed = parse(source);
    for (const [name, body] of parsed.defines) this.defines.set(name, body);
    return this.run(parsed.nodes, { dot: context, root: context, vars: new Map() });
  }

  private run(nodes: Node[], scope: Scope): string {
    let out = '';
    for (const node of nodes) {
      switch (node.kind) {
        case 'text':
          out += node.text;
          break;
        case 'output': {
          const value = this.pipeline(node.pipeline, scope);
          out +=
            value === null || value === undefined
              ? ''
              : typeof value === 'object'
                ? JSON.stringify(value)
                : String(value);
          break;
        }
        case 'assign':
          scope.vars.set(node.name, this.pipeline(node.pipeline, scope));
          break;
        case 'if': {
          const branch = node.branches.find(
            (candidate) => candidate.pipeline === null || truthy(this.pipeline(candidate.pipeline, scope)),
          );
          if (branch) out += this.run(branch.body, scope);
          break;
        }
        case 'with': {
          const value = this.pipeline(node.pipeline, scope);
          out += truthy(value) ? this.run(node.body, { ...scope, dot: value }) : this.run(node.otherwise, scope);
          break;
        }
        case 'range': {
          const value = this.pipeline(node.pipeline, scope);
          const entries: Array<[Value, Value]> = Array.isArray(value)
            ? value.map((item, i) => [i, item])
            : value && typeof value === 'object'
              ? Object.keys(value)
                  .sort()
                  .map((key) => [key, (value as Record<string, Value>)[key]])
              : [];
          if (entries.length === 0) out += this.run(node.otherwise, scope);
          for (const [key, item] of entries) {
            const vars = new Map(scope.vars);
            if (node.key) vars.set(node.key, key);
            if (node.value) vars.set(node.value, item);
            out += this.run(node.body, { ...scope, dot: item, vars });
          }
          break;
        }
      }
    }
    return out;
  }

  private pipeline(text: string, scope: Scope): Value {
    const tokens = tokenize(text);
    let position = 0;

    const command = (piped: { value: Value } | null): Value => {
      const words: Array<{ token: string } | { value: Value }> = [];
      while (position < tokens.length && tokens[position] !== '|' && tokens[position] !== ')') {
        const token = tokens[position++]!;
        if (token === '(') {
          words.push({ value: sequence() });
          if (tokens[position++] !== ')') throw new TemplateError(`missing ) in "${text}"`);
        } else {
          words.push({ token });
        }
      }
      if (words.length === 0) throw new TemplateError(`empty command in "${text}"`);
      const [head, ...args] = words;
      if ('token' in head! && /^[a-zA-Z]\w*$/.test(head.token) && !['true', 'false', 'nil'].includes(head.token)) {
        const values = args.map((arg) => this.operand(arg, scope));
        if (piped) values.push(piped.value);
        return this.call(head.token, values, scope);
      }
      if (args.length > 0 || piped) throw new TemplateError(`"${text}": only a function takes arguments`);
      return this.operand(head!, scope);
    };

    const sequence = (): Value => {
      let value = command(null);
      while (tokens[position] === '|') {
        position += 1;
        value = command({ value });
      }
      return value;
    };

    const result = sequence();
    if (position !== tokens.length) throw new TemplateError(`cannot read "${text}"`);
    return result;
  }

  private operand(word: { token: string } | { value: Value }, scope: Scope): Value {
    if ('value' in word) return word.value;
    const token = word.token;
    if (token.startsWith('"')) return JSON.parse(token) as string;
    if (token.startsWith('`')) return token.slice(1, -1);
    if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'nil') return null;
    if (token === '.') return scope.dot;
    if (token.startsWith('.')) return field(scope.dot, token.slice(1).split('.'));
    if (token.startsWith('$')) {
      const [name, ...path] = token.split('.');
      const base = name === '$' ? scope.root : scope.vars.get(name!);
      if (name !== '$' && !scope.vars.has(name!)) throw new TemplateError(`undefined variable ${name}`);
      return field(base, path);
    }
    throw new TemplateError(`cannot read "${token}"`);
  }

  private call(name: string, args: Value[], scope: Scope): Value {
    const fn = FUNCTIONS[name];
    if (name === 'include') {
      const body = this.defines.get(String(args[0]));
      if (!body) throw new TemplateError(`no template "${String(args[0])}"`);
      return this.run(body, { dot: args[1], root: scope.root, vars: new Map() });
    }
    if (!fn) throw new TemplateError(`function "${name}" is not in this renderer`);
    return fn(...args);
  }
}

const FUNCTIONS: Record<string, (...args: Value[]) => Value> = {
  default: (fallback, value) => (truthy(value) ? value : fallback),
  required: (message, value) => {
    if (!truthy(value)) throw new ChartFailure(String(message));
    return value;
  },
  fail: (message) => {
    throw new ChartFailure(String(message));
  },
  quote: (value) => JSON.stringify(value === null || value === undefined ? '' : String(value)),
  toYaml: (value) => (value === null || value === undefined ? 'null' : stringify(value).replace(/\n$/, '')),
  indent: (spaces, text) => indentLines(toNumber(spaces), String(text)),
  nindent: (spaces, text) => `\n${indentLines(toNumber(spaces), String(text))}`,
  int: (value) => toNumber(value),
  add: (...values) => values.reduce<number>((sum, value) => sum + toNumber(value), 0),
  mul: (...values) => values.reduce<number>((product, value) => product * toNumber(value), 1),
  toString: (value: Value) => String(value ?? ''),
  printf: (format, ...values) => {
    let i = 0;
    return String(format).replace(/%[sdv]/g, () => String(values[i++] ?? ''));
  },
  trunc: (length, text) => String(text).slice(0, toNumber(length)),
  trimSuffix: (suffix, text) =>
    String(text).endsWith(String(suffix)) ? String(text).slice(0, -String(suffix).length) : String(text),
  empty: (value) => !truthy(value),
  not: (value) => !truthy(value),
  and: (...values) => values.find((value) => !truthy(value)) ?? values[values.length - 1],
  or: (...values) => values.find((value) => truthy(value)) ?? values[values.length - 1],
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  gt: (a, b) => compare(a, b) > 0,
  lt: (a, b) => compare(a, b) < 0,
  ge: (a, b) => compare(a, b) >= 0,
  le: (a, b) => compare(a, b) <= 0,
  len: (value) =>
    Array.isArray(value) || typeof value === 'string'
      ? value.length
      : value && typeof value === 'object'
        ? Object.keys(value).length
        : 0,
};
