import { CONSENT_MESSAGES } from '@fieldbot/shared';
import { Checkbox } from '@mantine/core';

export interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The user tried to go on without ticking it: the message says what is missing. */
  showError: boolean;
}

/** The technician's required confirmation that the customer agreed to be recorded. */
export function ConsentCheckbox({ checked, onChange, showError }: ConsentCheckboxProps) {
  return (
    <Checkbox
      label={CONSENT_MESSAGES.checkboxLabel}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      required
      error={showError && !checked ? CONSENT_MESSAGES.confirmationRequired : undefined}
    />
  );
}
