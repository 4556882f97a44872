import { Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, useId, type MouseEvent, type ReactElement, type ReactNode } from 'react';

interface DisableableProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-disabled'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'data-disabled'?: boolean;
  children?: ReactNode;
}

export interface DisabledReasonProps {
  /** Why the action cannot be used now; null leaves the control enabled. */
  reason: string | null;
  /** One Mantine Button or ActionIcon, written as if enabled. */
  children: ReactElement<DisableableProps>;
}

/**
 * A disabled action that says why. A natively disabled button can neither take focus
 * nor show a tooltip, so the control stays focusable and is disabled with aria-disabled and
 * Mantine's data-disabled look instead; its click does nothing, and the reason is its description
 * for screen readers and its tooltip on hover, focus and touch.
 */
export function DisabledReason({ reason, children }: DisabledReasonProps) {
  const reasonId = useId();
  if (!reason) return children;
  return (
    <>
      <Tooltip
        label={reason}
        multiline
        maw={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        {cloneElement(children, {
          'aria-disabled': true,
          'data-disabled': true,
          'aria-describedby': reasonId,
          onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
        })}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
