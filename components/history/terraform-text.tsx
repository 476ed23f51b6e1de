import styles from './history.module.css';

/** HCL as text, scrollable and reachable by keyboard. */
export function TerraformText({ text }: { text: string }) {
  return (
    <pre className={styles.code} aria-label="Terraform" tabIndex={0}>
      {text}
    </pre>
  );
}
