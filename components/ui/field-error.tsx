import styles from './field.module.css';

/** A validation message under a control or group; link it with `aria-describedby={id}`. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}
