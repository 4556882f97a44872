import type { UseFormReturnType } from '@mantine/form';
import { PasswordField } from './password-field';
import { PasswordHints } from './password-hints';

interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

/** A new password with the policy hints and its confirmation, as every password form asks for it. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  label = 'Password',
}: {
  form: UseFormReturnType<T>;
  label?: string;
}) {
  const values = form.getValues() as NewPasswordValues;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordHints value={values.password} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
