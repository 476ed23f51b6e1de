/** What a row's "⋯" menu offers; shared by the stand-in wrapper and the lazily loaded menu. */
export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

export interface ActionMenuProps {
  /** Accessible name of the trigger, e.g. "Actions for CI deploy". */
  label: string;
  items: ActionMenuItem[];
}
