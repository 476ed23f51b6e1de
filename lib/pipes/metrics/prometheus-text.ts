/**
 * The Prometheus text exposition format (version 0.0.4), read line by line: comments, and samples
 * `name{label="value",…} value [timestamp]`. Labels are read only for the metrics the caller keeps;
 * every other line is still checked for its shape and value, so a page of prose is refused, by line.
 *
 * Written here rather than taken from a package: the one maintained JavaScript parser of the format
 * (parse-prometheus-text-format) builds every label character by character and needed ~90 ms for
 * the ~900 KB answer of a service with 200 pipes on this machine, against a goal of 20 ms per scrape
 * (bench/pipe-metrics.ts).
 */

export interface TextSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export class PrometheusTextError extends Error {
  override name = 'PrometheusTextError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
/** One label and the comma after it (or the closing brace ahead), from the sticky position. */
const LABEL = /[ \t]*([a-zA-Z_][a-zA-Z0-9_]*)[ \t]*=[ \t]*"((?:[^"\\\n]|\\.)*)"[ \t]*(?:,|(?=\}))/y;
/** A label set skipped whole: quoted values may hold braces. */
const LABEL_SET = /\{(?:[^"}]|"(?:[^"\\\n]|\\.)*")*\}/y;
const VALUE_AND_TIMESTAMP = /^[ \t]+(\S+)(?:[ \t]+(-?\d+))?[ \t]*$/;
const FLOAT = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function numberOf(raw: string): number {
  if (raw === 'NaN') return NaN;
  if (raw === '+Inf' || raw === 'Inf') return Infinity;
  if (raw === '-Inf') return -Infinity;
  return FLOAT.test(raw) ? Number(raw) : NaN;
}

const unescapeLabel = (value: string) =>
  value.includes('\\') ? value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)) : value;

const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function readLabels(line: string, start: number, lineNumber: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let position = start + 1;
  while (line[position] !== '}') {
    LABEL.lastIndex = position;
    const match = LABEL.exec(line);
    if (!match) {
      const rest = line.slice(position).trimStart();
      throw new PrometheusTextError(
        rest === '' || !rest.includes('}')
          ? 'the label set is not closed'
          : `a label cannot be read at "${excerpt(rest)}"`,
        lineNumber,
      );
    }
    labels[match[1]!] = unescapeLabel(match[2]!);
    position = LABEL.lastIndex;
    while (line[position] === ' ' || line[position] === '\t') position++;
  }
  return { labels, end: position + 1 };
}

/** Calls `onSample` for every sample of a kept metric, in order; throws for the first line that is not the format. */
export function readPrometheusText(
  text: string,
  keep: (name: string) => boolean,
  onSample: (sample: TextSample) => void,
): void {
  let lineStart = 0;
  for (let lineNumber = 1; lineStart <= text.length; lineNumber++) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd).trim();
    lineStart = lineEnd + 1;
    if (line === '' || line.startsWith('#')) continue;

    const name = NAME.exec(line)?.[0];
    let end = name?.length ?? 0;
    if (!name || (line[end] !== '{' && line[end] !== ' ' && line[end] !== '\t')) {
      throw new PrometheusTextError(`"${excerpt(line.split(/[ \t{]/)[0] ?? line)}" is not a metric name`, lineNumber);
    }
    const kept = keep(name);
    let labels: Record<string, string> = {};
    // Blanks may stand between the name and its labels.
    let brace = end;
    while (line[brace] === ' ' || line[brace] === '\t') brace++;
    if (line[brace] === '{') {
      if (kept) ({ labels, end } = readLabels(line, brace, lineNumber));
      else {
        LABEL_SET.lastIndex = brace;
        if (!LABEL_SET.test(line)) throw new PrometheusTextError('the label set is not closed', lineNumber);
        end = LABEL_SET.lastIndex;
      }
    }
    const tail = VALUE_AND_TIMESTAMP.exec(line.slice(end));
    if (!tail)
      throw new PrometheusTextError(
        `"${excerpt(line)}" is not a sample (a name, labels, a value and a time)`,
        lineNumber,
      );
    const value = numberOf(tail[1]!);
    if (Number.isNaN(value) && tail[1] !== 'NaN')
      throw new PrometheusTextError(`the value of ${name} is not a number: "${excerpt(tail[1]!)}"`, lineNumber);
    if (kept) onSample({ name, labels, value });
  }
}
