'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { loadedLater } from '@/components/ui/loaded-later';
import { preloadOnIntent } from '@/components/ui/preload-on-intent';
import { useOnceTrue } from '@/components/ui/use-once-true';
import { FormError } from '@/components/ui/form-error';
import { Notice } from '@/components/ui/notice';
import { useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { ApiRequestError } from '@/lib/api/client';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { usePipeCreateMutation } from '@/lib/api/pipes/use-pipe-create-mutation';
import type { PipeCreateRequest } from '@/lib/schemas/pipes/create';
import { ClearedSecretsContext, firstMessage } from './form-fields';
import { SampleProvider } from './sample/sample-context';
import { draftStorageKey, parseDraft, serializeDraft } from './wizard-draft';
import { preloadStep, StepView } from './wizard-step-views';
import { WizardStepper } from './wizard-stepper';
import { stepOwning, stepsFor, WIZARD_STEPS, type WizardStepId } from './wizard-steps';
import { emptyWizardValues, type WizardValues } from './wizard-values';
import styles from './wizard.module.css';

const REQUEST_FIELDS = ['name', 'source', 'destination', 'fieldMappings', 'scaling', 'settings'] as const;
const DRAFT_SAVE_DELAY_MS = 250;

// The form's rules (zod and the request schema of every source kind) load with the first check,
// or when the person starts using the form, rather than with the page.
const loadResolver = () => import('./wizard-resolver').then((m) => m.wizardResolver);
const lazyResolver: Resolver<WizardValues, unknown, PipeCreateRequest> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

// Mounted on its first opening; its code comes when "Discard draft" is pointed at or focused.
const ConfirmDialog = loadedLater(() => import('@/components/ui/alert-dialog').then((m) => m.ConfirmDialog));

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the wizard still works, without surviving a reload
  }
}

/** The dotted path of the first error, in the order the fields appear. */
function firstErrorPath(errors: FieldErrors, prefix: string[] = []): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    if (typeof (value as { message?: unknown }).message === 'string') return [...prefix, key].join('.');
    const nested = firstErrorPath(value as FieldErrors, [...prefix, key]);
    if (nested) return nested.endsWith('.root') ? nested.slice(0, -5) : nested;
  }
  return null;
}

export function PipeWizard() {
  const { organizationId, serviceId } = useConsole();
  const router = useRouter();
  const storageKey = draftStorageKey(organizationId, serviceId);
  const [restored] = useState(() => parseDraft(sessionStore()?.getItem(storageKey) ?? null));
  const [step, setStep] = useState<WizardStepId>(restored?.step ?? 'kind');
  const [reached, setReached] = useState(() => WIZARD_STEPS.findIndex((s) => s.id === (restored?.step ?? 'kind')));
  const [clearedSecrets, setClearedSecrets] = useState<ReadonlySet<string>>(
    () => new Set(restored?.clearedSecrets ?? []),
  );
  const [formError, setFormError] = useState<string | null>(null);
  // A step's code or the form's rules that could not be fetched: the person stays where they are.
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const confirmMounted = useOnceTrue(confirmDiscard);
  // A new generation forgets the sample along with the draft.
  const [generation, setGeneration] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitting = useRef(false);
  const moves = useRef(0);
  const focusTarget = useRef<string | null>(null);
  const firstRender = useRef(true);
  const stepRef = useRef(step);
  stepRef.current = step;

  const form = useForm<WizardValues, unknown, PipeCreateRequest>({
    resolver: lazyResolver,
    defaultValues: restored?.values ?? emptyWizardValues(),
    mode: 'onTouched',
    shouldUnregister: false,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const steps = stepsFor(kind);
  const index = Math.max(
    0,
    steps.findIndex((s) => s.id === step),
  );
  const current = steps[index] ?? steps[0]!;
  const mutation = usePipeCreateMutation(organizationId, serviceId);

  const saveDraft = useCallback(() => {
    sessionStore()?.setItem(storageKey, serializeDraft(stepRef.current, form.getValues()));
  }, [form, storageKey]);

  // One write path for the draft: every change, debounced, plus every step change.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name)
          setClearedSecrets((paths) => (paths.has(name) ? new Set([...paths].filter((p) => p !== name)) : paths));
        clearTimeout(timer);
        timer = setTimeout(saveDraft, DRAFT_SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [form, saveDraft]);
  useEffect(saveDraft, [step, saveDraft]);

  // After a step change, focus goes to the field that needs attention, or to the step's heading.
  useEffect(() => {
    // The page's own first focus stays where the browser puts it.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target) {
      try {
        form.setFocus(target as never, { shouldSelect: false });
      } catch {
        headingRef.current?.focus();
      }
    } else {
      headingRef.current?.focus();
    }
    // Only when the step changes: focus must not jump while the person types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // A step is shown once its code is in, so the field to focus is there when the step appears.
  const goTo = async (next: WizardStepId, focusPath?: string) => {
    const move = ++moves.current;
    try {
      await preloadStep(next);
    } catch {
      if (move === moves.current)
        setLoadError(
          `Could not load the step “${WIZARD_STEPS.find((s) => s.id === next)?.title ?? next}”. Check your connection and try again.`,
        );
      return;
    }
    if (move !== moves.current) return; // a later move won
    setLoadError(null);
    const nextIndex = WIZARD_STEPS.findIndex((s) => s.id === next);
    setReached((r) => Math.max(r, nextIndex));
    focusTarget.current = focusPath ?? null;
    setStep(next);
  };

  // Once the person starts on the form, the next step's code and the form's rules load, so "Next" does not wait for them.
  const nextStepId = steps[index + 1]?.id;
  const preloadAhead = useCallback(() => {
    void loadResolver().catch(() => {});
    if (nextStepId) void preloadStep(nextStepId).catch(() => {});
  }, [nextStepId]);

  const goNext = async () => {
    let valid = current.fields.length === 0;
    if (!valid) {
      try {
        valid = await form.trigger([...current.fields] as never, { shouldFocus: true });
      } catch {
        // The form's rules load with the first check; what was typed stays.
        setLoadError('Could not load the form’s checks. Check your connection and press Next again.');
        return;
      }
    }
    setLoadError(null);
    const nextStep = steps[index + 1];
    if (valid && nextStep) await goTo(nextStep.id);
  };

  const goBack = () => {
    const previous = steps[index - 1];
    if (previous) void goTo(previous.id);
  };

  const onValid = async (request: PipeCreateRequest) => {
    // Double clicks and Enter presses while a creation is under way create nothing more.
    if (submitting.current) return;
    submitting.current = true;
    setFormError(null);
    try {
      const pipe = await mutation.mutateAsync(request);
      sessionStore()?.removeItem(storageKey);
      router.push(servicePage(serviceId, 'pipes', pipe.id));
    } catch (error) {
      submitting.current = false;
      setFormError(applyApiErrorToForm(error, form.setError, REQUEST_FIELDS));
      const first =
        error instanceof ApiRequestError
          ? error.fields.find((f) => REQUEST_FIELDS.some((root) => f.path.split('.')[0] === root))
          : undefined;
      if (first) await goTo(stepOwning(first.path, kind), first.path);
    }
  };

  const onInvalid = (errors: FieldErrors<WizardValues>) => {
    const path = firstErrorPath(errors);
    if (path) void goTo(stepOwning(path, kind), path);
  };

  const discardDraft = () => {
    sessionStore()?.removeItem(storageKey);
    form.reset(emptyWizardValues());
    setClearedSecrets(new Set());
    setFormError(null);
    setReached(0);
    setConfirmDiscard(false);
    setGeneration((g) => g + 1);
    void goTo('kind');
  };

  const isLast = index === steps.length - 1;
  const stepError = firstMessage(form.formState.errors.kind);

  return (
    <FormProvider {...form}>
      <ClearedSecretsContext.Provider value={clearedSecrets}>
        <SampleProvider key={generation}>
          <div className={styles.layout}>
            <WizardStepper steps={steps} current={current.id} reached={reached} onGoTo={(id) => void goTo(id)} />
            <form
              className={styles.form}
              noValidate
              aria-labelledby="wizard-step-title"
              onPointerEnter={preloadAhead}
              onFocus={preloadAhead}
              onSubmit={(event) => {
                // Enter in a field of an earlier step moves on; only the review step creates.
                if (!isLast) {
                  event.preventDefault();
                  void goNext();
                  return;
                }
                void form.handleSubmit(onValid, onInvalid)(event);
              }}
            >
              <div className={styles.stepHeader}>
                <p className={styles.stepCount}>
                  Step {index + 1} of {steps.length}
                </p>
                <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
                  {current.title}
                </h2>
              </div>
              {restored && clearedSecrets.size > 0 && (
                <Notice tone="warning" title="Secrets were not kept">
                  Your draft was restored, but passwords, keys and connection strings never stay in the browser: enter
                  the marked fields again.
                </Notice>
              )}
              <FormError message={formError} />
              <FormError message={loadError} />
              {stepError && current.id === 'review' && <FormError message={stepError} />}

              <div className={styles.stepBody}>
                <StepView step={current.id} onGoTo={(id, path) => void goTo(id, path)} />
              </div>

              <div className={styles.footer}>
                <Button
                  variant="ghost"
                  onClick={() => setConfirmDiscard(true)}
                  {...preloadOnIntent(ConfirmDialog.preload)}
                >
                  Discard draft
                </Button>
                <div className={styles.footerNav}>
                  {index > 0 && <Button onClick={goBack}>Back</Button>}
                  {isLast ? (
                    <Button
                      type="submit"
                      variant="primary"
                      disabled={mutation.isPending}
                      aria-busy={mutation.isPending || undefined}
                    >
                      {mutation.isPending ? 'Creating…' : 'Create pipe'}
                    </Button>
                  ) : (
                    <Button type="submit" variant="primary">
                      Next
                    </Button>
                  )}
                </div>
              </div>
            </form>
          </div>
          {confirmMounted && (
            <ConfirmDialog
              open={confirmDiscard}
              onOpenChange={setConfirmDiscard}
              title="Discard this draft?"
              description="Everything entered in the wizard is cleared. Nothing has been created yet."
              confirmLabel="Discard draft"
              confirmVariant="danger"
              onConfirm={discardDraft}
            />
          )}
        </SampleProvider>
      </ClearedSecretsContext.Provider>
    </FormProvider>
  );
}
