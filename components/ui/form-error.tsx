import styles from './form-error.module.css';

/**
 * The message at the top of a form. Renders inside the form so that `role="alert"` is scoped to
 * it (Next's route announcer is an empty alert of its own).
 */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className={styles.error}>
      <span>{message}</span>
    </div>
  );
}
