/**
 * Which of the four source kinds a source object holds. Zod-free, so pages that only display pipe
 * records need no schema code.
 */
import { listOr, PIPE_KINDS, type PipeKind } from './bounds';

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Source kinds given in `source`: keys among the four whose value is not null or undefined. */
export function presentSourceKinds(source: unknown): PipeKind[] {
  if (!isPlainObject(source)) return [];
  return PIPE_KINDS.filter((kind) => source[kind] !== undefined && source[kind] !== null);
}

/**
 * Source keys beyond the four this console knows (the published contract already has more, e.g.
 * `mongodb`, `pubsub`): such a pipe is shown read-only under the key's own name.
 */
export function otherSourceKeys(source: unknown): string[] {
  if (!isPlainObject(source)) return [];
  return Object.keys(source).filter(
    (key) => !(PIPE_KINDS as readonly string[]).includes(key) && isPlainObject(source[key]),
  );
}

/** Picks the kind of a source; the message says what is wrong when it is not exactly one. */
export function pickSourceKind(source: unknown): { kind: PipeKind } | { message: string } {
  const kinds = presentSourceKinds(source);
  if (kinds.length === 1) return { kind: kinds[0] as PipeKind };
  if (kinds.length === 0) return { message: `Choose a source: ${listOr(PIPE_KINDS)}` };
  return { message: `Give exactly one source, not ${listOr(kinds).replace(/ or /, ' and ')}` };
}

/**
 * A source holding exactly one kind, as a checked `PipeSource` does; structural, so this module
 * needs nothing of the schemas that import it.
 */
export type SingleKindSource = {
  [K in PipeKind]: { [P in K]: object } & { [Q in Exclude<PipeKind, K>]?: null };
}[PipeKind];

export function sourceKindOf(source: SingleKindSource): PipeKind;
export function sourceKindOf(source: unknown): PipeKind | undefined;
export function sourceKindOf(source: unknown): PipeKind | undefined {
  const picked = pickSourceKind(source);
  return 'kind' in picked ? picked.kind : undefined;
}
