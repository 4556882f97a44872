import { SEARCH_DEBOUNCE_MS } from '@fieldbot/shared';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useEffectEvent, useState } from 'react';

export interface SearchInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue'
> {
  /** The keyword in force (from the URL); adopted whenever it changes, e.g. on back/forward. */
  value: string;
  /** Called with the trimmed keyword once typing has paused for `delay` ms, on Enter, or on clear. */
  onSearch: (keyword: string) => void;
  /** Accessible name of the input. */
  label?: string;
  delay?: number;
}

/** Keyword search debounced by SEARCH_DEBOUNCE_MS (spec §9): one search per pause, not per key. */
export function SearchInput({
  value,
  onSearch,
  label = 'Search',
  placeholder = 'Search',
  delay = SEARCH_DEBOUNCE_MS,
  ...others
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const [adopted, setAdopted] = useState(value);
  if (value !== adopted) {
    // The keyword changed from outside (history navigation, Clear All): show it.
    setAdopted(value);
    setText(value);
  }

  const pending = text.trim() !== value.trim();
  const [settled] = useDebouncedValue(text, delay);
  // Only the text the user stopped on, and only when it differs from the keyword in force.
  const searchSettled = useEffectEvent((keyword: string) => {
    if (keyword === text && pending) onSearch(keyword.trim());
  });
  useEffect(() => searchSettled(settled), [settled]);

  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              if (value) onSearch('');
            }}
          />
        ) : null
      }
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && pending) onSearch(text.trim());
      }}
      {...others}
    />
  );
}
