'use client';

import { useId, type MouseEvent } from 'react';
import { Button, type ButtonProps } from './button';
import { loadedLater } from './loaded-later';
import { VisuallyHidden } from './visually-hidden';

// Radix's tooltip and its positioning code (~24 KB gzip) load only where a button is refused;
// until then the reason is already given by the button's description.
const Tooltip = loadedLater(() => import('./tooltip').then((m) => m.Tooltip));

export interface GuardedButtonProps extends ButtonProps {
  /** False when the signed-in role may not use this control. */
  allowed: boolean;
  /** Why not, e.g. "Only admins can create API keys". */
  reason: string;
}

/**
 * A button the current role may not use: it stays focusable (aria-disabled rather than disabled)
 * so keyboard and pointer users can reach the tooltip saying why.
 */
export function GuardedButton({ allowed, reason, onClick, ...rest }: GuardedButtonProps) {
  const reasonId = useId();
  if (allowed) return <Button onClick={onClick} {...rest} />;
  const button = (
    <Button
      {...rest}
      aria-disabled="true"
      aria-describedby={reasonId}
      onClick={(event: MouseEvent<HTMLButtonElement>) => event.preventDefault()}
    />
  );
  return (
    <>
      <Tooltip content={reason} fallback={button}>
        {button}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
