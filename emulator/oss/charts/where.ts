/**
 * The chart `where` search syntax, a small Lucene-like language:
 *   field:value   -field:value   field:"quoted phrase"   field:>100 (also >=, <, <=)
 *   a AND b   a OR b   a b (implicit AND)   NOT a   (grouping)   bare words and "phrases" (match body)
 * AND binds tighter than OR.
 */

export type Comparison = '=' | '>' | '>=' | '<' | '<=';

export type WhereNode =
  | { kind: 'all' }
  | { kind: 'term'; field: string | null; op: Comparison; value: string; quoted: boolean }
  | { kind: 'not'; node: WhereNode }
  | { kind: 'and'; nodes: WhereNode[] }
  | { kind: 'or'; nodes: WhereNode[] };

export class WhereSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhereSyntaxError';
  }
}

type Token =
  | { type: '(' | ')' | 'AND' | 'OR' | 'NOT' | '-'; pos: number }
  | { type: 'term'; pos: number; field: string | null; op: Comparison; value: string; quoted: boolean };

const SPECIAL = new Set(['(', ')', '"']);
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;

  const readQuoted = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    while (i < input.length && input[i] !== '"') {
      if (input[i] === '\\' && i + 1 < input.length) i++;
      out += input[i];
      i++;
    }
    if (i >= input.length) throw new WhereSyntaxError(`Unterminated quoted phrase at position ${start}`);
    i++; // closing quote
    return out;
  };
  const readWord = (): string => {
    let out = '';
    while (i < input.length && !isSpace(input[i]!) && !SPECIAL.has(input[i]!)) {
      if (input[i] === '\\' && i + 1 < input.length) i++;
      out += input[i];
      i++;
    }
    return out;
  };

  while (i < input.length) {
    const c = input[i]!;
    const pos = i;
    if (isSpace(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ type: c, pos });
      i++;
    } else if (c === '-' && i + 1 < input.length && !isSpace(input[i + 1]!) && input[i + 1] !== ')') {
      tokens.push({ type: '-', pos });
      i++;
    } else if (c === '"') {
      tokens.push({ type: 'term', pos, field: null, op: '=', value: readQuoted(), quoted: true });
    } else {
      // A field name runs up to an unescaped ':'; anything else is a bare word.
      let j = i;
      while (j < input.length && !isSpace(input[j]!) && !SPECIAL.has(input[j]!) && input[j] !== ':') j++;
      if (input[j] === ':' && j > i) {
        const field = input.slice(i, j);
        i = j + 1;
        let op: Comparison = '=';
        for (const candidate of ['>=', '<=', '>', '<'] as const) {
          if (input.startsWith(candidate, i)) {
            op = candidate;
            i += candidate.length;
            break;
          }
        }
        if (input[i] === '"') {
          tokens.push({ type: 'term', pos, field, op, value: readQuoted(), quoted: true });
        } else {
          const value = readWord();
          if (value === '') throw new WhereSyntaxError(`Missing value for field "${field}" at position ${pos}`);
          tokens.push({ type: 'term', pos, field, op, value, quoted: false });
        }
      } else {
        const word = readWord();
        if (word === '') throw new WhereSyntaxError(`Unexpected character "${c}" at position ${pos}`);
        if (word === 'AND' || word === 'OR' || word === 'NOT') tokens.push({ type: word, pos });
        else tokens.push({ type: 'term', pos, field: null, op: '=', value: word, quoted: false });
      }
    }
  }
  return tokens;
}

/** Parses a `where` string; an empty or blank string matches everything. Throws WhereSyntaxError. */
export function parseWhere(input: string): WhereNode {
  const tokens = tokenize(input);
  let pos = 0;
  const peek = () => tokens[pos];
  const describe = (t: Token | undefined) =>
    t ? `"${t.type === 'term' ? t.value : t.type}" at position ${t.pos}` : 'end of query';

  const parseOr = (): WhereNode => {
    const nodes = [parseAnd()];
    while (peek()?.type === 'OR') {
      pos++;
      nodes.push(parseAnd());
    }
    return nodes.length === 1 ? nodes[0]! : { kind: 'or', nodes };
  };
  const startsOperand = (t: Token | undefined) =>
    t !== undefined && (t.type === 'term' || t.type === '(' || t.type === 'NOT' || t.type === '-');
  const parseAnd = (): WhereNode => {
    const nodes = [parseUnary()];
    for (;;) {
      const next = peek();
      if (next?.type === 'AND') {
        pos++;
        nodes.push(parseUnary());
      } else if (startsOperand(next)) {
        nodes.push(parseUnary());
      } else {
        break;
      }
    }
    return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes };
  };
  const parseUnary = (): WhereNode => {
    const t = peek();
    if (t?.type === 'NOT' || t?.type === '-') {
      pos++;
      return { kind: 'not', node: parseUnary() };
    }
    if (t?.type === '(') {
      pos++;
      const node = parseOr();
      if (peek()?.type !== ')') throw new WhereSyntaxError(`Expected ")" but found ${describe(peek())}`);
      pos++;
      return node;
    }
    if (t?.type === 'term') {
      pos++;
      return { kind: 'term', field: t.field, op: t.op, value: t.value, quoted: t.quoted };
    }
    throw new WhereSyntaxError(`Unexpected ${describe(t)}`);
  };

  if (tokens.length === 0) return { kind: 'all' };
  const node = parseOr();
  if (pos < tokens.length) throw new WhereSyntaxError(`Unexpected ${describe(peek())}`);
  return node;
}
