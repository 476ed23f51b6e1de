import { z } from 'zod';
import { newUuid } from './prng';

const faultSpecSchema = z.strictObject({
  method: z.string().min(1).max(16).optional(),
  path: z.string().min(1).max(2000),
  status: z.int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  latencyMs: z.int().min(0).max(600_000).optional(),
  malformed: z.boolean().optional(),
  hang: z.boolean().optional(),
  rateLimit: z
    .strictObject({
      limit: z.int().min(0).max(1_000_000).optional(),
      resetSeconds: z.int().min(0).max(86_400).optional(),
    })
    .optional(),
  times: z.int().min(1).optional(),
});
export type FaultSpec = z.infer<typeof faultSpecSchema>;

export interface Fault extends FaultSpec {
  id: string;
  /** Left applications; `null` = until cleared. */
  remaining: number | null;
  applied: number;
}

export type FaultParseResult = { ok: true; spec: FaultSpec } | { ok: false; message: string };

export function parseFaultSpec(input: unknown): FaultParseResult {
  const parsed = faultSpecSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    return { ok: false, message };
  }
  if (parsed.data.path.startsWith('re:')) {
    try {
      new RegExp(parsed.data.path.slice(3));
    } catch (error) {
      return { ok: false, message: `path: ${error instanceof Error ? error.message : 'invalid regular expression'}` };
    }
  }
  return { ok: true, spec: parsed.data };
}

interface StoredFault {
  fault: Fault;
  matches: (path: string) => boolean;
}

export class FaultStore {
  private faults: StoredFault[] = [];

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: newUuid(), remaining: spec.times ?? null, applied: 0 };
    const regex = spec.path.startsWith('re:') ? new RegExp(spec.path.slice(3)) : undefined;
    this.faults.push({ fault, matches: regex ? (p) => regex.test(p) : (p) => p.includes(spec.path) });
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f.fault }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.fault.id !== id);
    return this.faults.length !== before;
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault matching the request, counted as applied (and dropped once its `times` are used up). */
  take(method: string, path: string): Fault | undefined {
    const found = this.faults.find(
      (f) => (!f.fault.method || f.fault.method.toUpperCase() === method.toUpperCase()) && f.matches(path),
    );
    if (!found) return undefined;
    found.fault.applied += 1;
    if (found.fault.remaining !== null) {
      found.fault.remaining -= 1;
      if (found.fault.remaining <= 0) this.remove(found.fault.id);
    }
    return { ...found.fault };
  }
}
