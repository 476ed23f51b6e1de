import type { Ref } from 'react';

interface JsonFileInputProps {
  ref: Ref<HTMLInputElement>;
  /** Its accessible name: what the chosen file is for. */
  label: string;
  onFile: (file: File | undefined) => void;
}

/** A hidden picker of one JSON file, opened by a button or menu item elsewhere; it forgets the file so the same one can be chosen again. */
export function JsonFileInput({ ref, label, onFile }: JsonFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept="application/json,.json"
      hidden
      aria-label={label}
      onChange={(event) => {
        onFile(event.target.files?.[0]);
        event.target.value = '';
      }}
    />
  );
}
