import { ActionIcon, CopyButton, TextInput, Tooltip, type TextInputProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export interface CopyFieldProps extends Omit<
  TextInputProps,
  'value' | 'readOnly' | 'rightSection'
> {
  value: string;
  /** What the value is, for the button's names: 'API key' → "Copy API key", "API key copied". */
  what: string;
  /** Shown in a monospace face (keys and secrets, where 0/O and 1/l must not be confused). */
  monospace?: boolean;
  /** Hides the copy button, e.g. while the value is still loading. */
  copyable?: boolean;
  /** The button's name once copied; "<What> copied" by default. */
  copiedLabel?: string;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A read-only field that selects itself on focus, with a copy button at its end. */
export function CopyField({
  value,
  what,
  monospace = false,
  copyable = true,
  copiedLabel = `${upperFirst(what)} copied`,
  styles,
  ...props
}: CopyFieldProps) {
  return (
    <TextInput
      {...props}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={
        styles ??
        (monospace
          ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }
          : { input: { textOverflow: 'ellipsis' } })
      }
      rightSection={
        copyable ? (
          <CopyButton value={value} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  aria-label={copied ? copiedLabel : `Copy ${what}`}
                  onClick={copy}
                >
                  {copied ? (
                    <IconCheck size={16} aria-hidden />
                  ) : (
                    <IconCopy size={16} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        ) : null
      }
    />
  );
}
