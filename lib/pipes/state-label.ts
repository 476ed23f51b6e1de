/** "InternalError" → "Internal error"; unknown states keep their name. */
export function pipeStateLabel(state: string): string {
  return state === 'InternalError' ? 'Internal error' : state;
}
