import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PASSWORD_SPECIALS } from '@fieldbot/shared';
import { IconCheck, IconPoint } from '@tabler/icons-react';

const SPECIALS = [...PASSWORD_SPECIALS];

/** The spec §5 password policy, one line per rule; validation itself is passwordSchema's. */
export const PASSWORD_HINTS: readonly { label: string; met: (value: string) => boolean }[] = [
  { label: 'At least 8 characters', met: (v) => v.length >= 8 },
  { label: 'One uppercase letter (A-Z)', met: (v) => /[A-Z]/.test(v) },
  { label: 'One lowercase letter (a-z)', met: (v) => /[a-z]/.test(v) },
  { label: 'One number (0-9)', met: (v) => /\d/.test(v) },
  {
    label: `One special character (${SPECIALS.join(' ')})`,
    met: (v) => SPECIALS.some((c) => v.includes(c)),
  },
];

export function PasswordHints({ value }: { value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        Your password must contain:
      </Text>
      <List size="xs" spacing={2} center>
        {PASSWORD_HINTS.map((hint) => {
          const met = hint.met(value);
          return (
            <List.Item
              key={hint.label}
              c={met ? 'teal' : 'dimmed'}
              icon={
                <ThemeIcon size={14} radius="xl" color={met ? 'teal' : 'gray'} variant="light">
                  {met ? <IconCheck size={10} aria-hidden /> : <IconPoint size={10} aria-hidden />}
                </ThemeIcon>
              }
            >
              {hint.label}
              <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
