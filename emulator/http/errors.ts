/**
 * Thrown by handlers. `message` is the upstream's human text; each surface frames it in its own
 * error shape. `reply` overrides the framing where an upstream answers with a fixed body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reply?: { json: unknown } | { text: string },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class MalformedBodyError extends HttpError {
  constructor(detail: string) {
    super(400, detail);
    this.name = 'MalformedBodyError';
  }
}
