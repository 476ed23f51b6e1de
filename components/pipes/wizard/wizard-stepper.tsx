import type { WizardStep, WizardStepId } from './wizard-steps';
import styles from './wizard.module.css';

/** The steps in order; those already reached can be revisited, nothing is lost by going back. */
export function WizardStepper({
  steps,
  current,
  reached,
  onGoTo,
}: {
  steps: readonly WizardStep[];
  current: WizardStepId;
  reached: number;
  onGoTo: (step: WizardStepId) => void;
}) {
  const currentIndex = steps.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Wizard steps">
      <ol className={styles.stepper}>
        {steps.map((step, index) => {
          const state = index === currentIndex ? 'current' : index < currentIndex ? 'done' : 'upcoming';
          return (
            <li key={step.id} className={styles.stepperItem} data-state={state}>
              <button
                type="button"
                className={styles.stepperButton}
                aria-current={state === 'current' ? 'step' : undefined}
                disabled={index > reached || state === 'current'}
                onClick={() => onGoTo(step.id)}
              >
                <span className={styles.stepperNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span>{step.title}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
