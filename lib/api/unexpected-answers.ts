/**
 * Answers the BFF passed on although the upstream broke its published contract (the server sets
 * `x-sluice-unexpected-answer`; see lib/server/upstream/contract-check.ts). Pages still show what
 * they could read; the console shell says, once per request path, that the answer was unexpected.
 */
export const UNEXPECTED_ANSWER_HEADER = 'x-sluice-unexpected-answer';

export interface UnexpectedAnswer {
  /** The BFF path the browser asked, without its query. */
  path: string;
  /** `cloud API` or `observability API`. */
  upstream: string;
  requestId?: string;
}

type Listener = () => void;

let answers: readonly UnexpectedAnswer[] = [];
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function noteUnexpectedAnswer(path: string, headers: Pick<Headers, 'get'>): void {
  if (!headers.get(UNEXPECTED_ANSWER_HEADER)) return;
  const bare = path.split('?')[0] ?? path;
  if (answers.some((answer) => answer.path === bare)) return;
  const upstream = bare.startsWith('/api/observability/') ? 'observability API' : 'cloud API';
  answers = [...answers, { path: bare, upstream, requestId: headers.get('x-request-id') ?? undefined }];
  emit();
}

export function dismissUnexpectedAnswers(): void {
  answers = [];
  emit();
}

export function unexpectedAnswers(): readonly UnexpectedAnswer[] {
  return answers;
}

export function subscribeUnexpectedAnswers(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
