/**
 * The wizard's draft in sessionStorage, so a reload keeps what was typed. Secrets never reach the
 * browser's storage: every credential field is emptied before saving, and the draft remembers
 * which ones were filled so the form can ask for them again.
 */
import { isWizardStepId, type WizardStepId } from './wizard-steps';
import { PIPE_KINDS } from '@/lib/schemas/pipes/bounds';
import { emptyWizardValues, type WizardValues } from './wizard-values';

/** Keys whose values are credentials, wherever they appear (as the BFF's sanitizer names them). */
export const SECRET_KEYS: ReadonlySet<string> = new Set(['password', 'secretKey', 'connectionString', 'privateKey']);

export interface WizardDraft {
  step: WizardStepId;
  values: WizardValues;
  /** Form paths of secrets that were filled when the draft was saved and must be entered again. */
  clearedSecrets: string[];
}

const VERSION = 1;
export const draftStorageKey = (organizationId: string, serviceId: string) =>
  `sluice:pipe-wizard:v${VERSION}:${organizationId}:${serviceId}`;

/** A deep copy of `values` with every secret emptied, and the paths of those that were filled. */
export function withoutSecrets(values: WizardValues): { values: WizardValues; cleared: string[] } {
  const cleared: string[] = [];
  const walk = (node: unknown, path: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, String(i)]));
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (SECRET_KEYS.has(key) && typeof value === 'string') {
          if (value !== '') cleared.push([...path, key].join('.'));
          return [key, ''];
        }
        return [key, walk(value, [...path, key])];
      }),
    );
  };
  return { values: walk(values, []) as WizardValues, cleared };
}

/** `alsoCleared`: secrets the values never had (a stored pipe's), to be asked for like the dropped ones. */
export function serializeDraft(step: WizardStepId, values: WizardValues, alsoCleared: readonly string[] = []): string {
  const { values: safe, cleared } = withoutSecrets(values);
  return JSON.stringify({
    version: VERSION,
    step,
    values: safe,
    clearedSecrets: [...new Set([...cleared, ...alsoCleared])],
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fills what the stored draft lacks from the defaults, so an older or damaged draft still loads. */
function mergeDefaults(defaults: unknown, stored: unknown): unknown {
  if (isObject(defaults)) {
    if (!isObject(stored)) return defaults;
    return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, mergeDefaults(value, stored[key])]));
  }
  if (Array.isArray(defaults)) return Array.isArray(stored) ? stored : defaults;
  if (defaults === undefined) return typeof stored === 'number' || typeof stored === 'boolean' ? stored : undefined;
  return typeof stored === typeof defaults ? stored : defaults;
}

export function parseDraft(text: string | null): WizardDraft | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed) || parsed.version !== VERSION || !isObject(parsed.values)) return null;
    // Secrets are dropped again on the way in, whatever the storage held.
    const values = withoutSecrets(mergeDefaults(emptyWizardValues(), parsed.values) as WizardValues).values;
    if (!(PIPE_KINDS as readonly string[]).includes(values.kind)) values.kind = '';
    const clearedSecrets = Array.isArray(parsed.clearedSecrets)
      ? parsed.clearedSecrets.filter((p): p is string => typeof p === 'string')
      : [];
    return { step: isWizardStepId(parsed.step) ? parsed.step : 'kind', values, clearedSecrets };
  } catch {
    return null;
  }
}
