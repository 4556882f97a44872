import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput does not mark its inner input invalid nor point it at the error text
 * (TextInput does); this adds both so a screen reader announces the error with the field.
 */
export function PasswordField({ id, error, ...props }: PasswordInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const invalid = Boolean(error);
  return (
    <PasswordInput
      {...props}
      id={inputId}
      error={error}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${inputId}-error` : undefined}
    />
  );
}
