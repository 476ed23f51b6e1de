/**
 * Splits the organization-wide Prometheus answer (`GET /v1/organizations/{org}/prometheus`) into
 * one text per service. Every series there carries the service-level labels `clickhouse_org`,
 * `clickhouse_service` and `clickhouse_service_name` (the vendor's Prometheus integration page);
 * each service's text gets the HELP and TYPE lines of the families it has samples of, so it reads
 * like the service's own answer (`…/services/{serviceId}/prometheus`). A sample without the service
 * label belongs to no service and is left out.
 *
 * Lines are only sorted here, not checked: the reader of each service's text (./parse.ts) checks them.
 */

/** The `clickhouse_service` label, not `clickhouse_service_name`: the name must be followed by `=`. */
const SERVICE_LABEL = /[{,][ \t]*clickhouse_service[ \t]*=[ \t]*"((?:[^"\\\n]|\\.)*)"/;
const COMMENT = /^#[ \t]+(HELP|TYPE)[ \t]+([a-zA-Z_:][a-zA-Z0-9_:]*)/;
const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

interface Part {
  lines: string[];
  /** The family whose HELP and TYPE this text last received. */
  family?: string;
}

/** Service id → that service's part of the answer, in the answer's order. */
export function splitByService(text: string): Map<string, string> {
  const parts = new Map<string, Part>();
  let family: string | undefined;
  let header: string[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd).trim();
    lineStart = lineEnd + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const comment = COMMENT.exec(line);
      if (!comment) continue;
      if (comment[2] !== family) {
        family = comment[2];
        header = [];
      }
      header.push(line);
      continue;
    }
    const service = SERVICE_LABEL.exec(line)?.[1];
    if (service === undefined) continue;
    let part = parts.get(service);
    if (!part) {
      part = { lines: [] };
      parts.set(service, part);
    }
    const name = NAME.exec(line)?.[0];
    // A sample of the family the comments announced gets them once; one named otherwise (untyped) goes as it is.
    if (name !== undefined && name === family && part.family !== family) {
      if (part.lines.length) part.lines.push('');
      part.lines.push(...header);
      part.family = family;
    }
    part.lines.push(line);
  }
  const texts = new Map<string, string>();
  for (const [service, part] of parts) texts.set(service, `${part.lines.join('\n')}\n`);
  return texts;
}

/** Whether a service's text carries pipe (ClickPipes) series: a service without pipes has none either. */
export function hasPipeSeries(text: string): boolean {
  return /^ClickPipes_/m.test(text);
}
