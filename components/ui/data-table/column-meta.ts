import type { RowData } from '@tanstack/react-table';

/** How the console's tables lay out a column, beside what the table library knows of it. */
declare module '@tanstack/react-table' {
  // The library declares this interface for exactly this augmentation; its type parameters must match.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Shown on a phone-sized screen (≤ 640 px); columns without it fold away there. */
    phone?: boolean;
    /** The row's header cell (`<th scope="row">`), which names the row for assistive technology. */
    rowHeader?: boolean;
    /** The column's name for people, where the header shows no text (an actions column). */
    label?: string;
    /** Body cells' class names, e.g. `tableClassNames.nowrap`. */
    className?: string;
    /** The header cell's class names. */
    headerClassName?: string;
    /** The header's text is for assistive technology only (an actions column). */
    headerHidden?: boolean;
    /** The column keeps its place in the column menu's choices out (names, actions). */
    alwaysShown?: boolean;
  }
}

export {};
