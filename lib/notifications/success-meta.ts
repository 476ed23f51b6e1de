import { SUCCESS_META, type SuccessMessage } from './toasts';

/** A mutation's `meta` naming its success message, typed by what it returns and is given. */
export const successMessage = <TData = unknown, TVariables = unknown>(
  message: SuccessMessage<TData, TVariables>,
): Record<string, unknown> => ({
  [SUCCESS_META]: message,
});
