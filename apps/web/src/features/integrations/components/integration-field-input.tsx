import type { IntegrationField } from '@fieldbot/shared';
import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { PasswordField } from '@/components/forms/password-field';
import { fieldLabel, nextSecretValue } from '../lib/integration-form';

export interface IntegrationFieldInputProps {
  field: IntegrationField;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  today: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** One required field as its input: text, password (masked secret), date (≤ today) or digits. */
export function IntegrationFieldInput({
  field,
  value,
  error,
  readOnly,
  today,
  onChange,
  onBlur,
}: IntegrationFieldInputProps) {
  const common = {
    label: fieldLabel(field),
    placeholder: field.placeholder ?? undefined,
    required: field.required,
    value,
    error,
    readOnly,
    onBlur,
    'data-path': field.name,
  };
  const changed = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value);

  if (field.type === 'password') {
    return (
      <PasswordField
        {...common}
        autoComplete="new-password"
        onChange={(event) => onChange(nextSecretValue(value, event.currentTarget.value))}
      />
    );
  }
  if (field.type === 'date') {
    return <TextInput {...common} type="date" max={today} onChange={changed} />;
  }
  const digits = field.type === 'number' || field.name === 'tenant_id';
  return (
    <TextInput
      {...common}
      autoComplete="off"
      inputMode={digits ? 'numeric' : undefined}
      onChange={changed}
    />
  );
}
