import { SEARCH_MESSAGES, SEARCH_TEXT_MAX } from '@fieldbot/shared';
import { Box, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';

export interface SearchFormProps {
  /** The words in force (from the URL); adopted whenever they change, e.g. on Back. */
  value: string;
  onSearch: (q: string) => void;
  /** The server's message about the words (a 422 on `q`). */
  error?: string;
  /** The filters, inside the same search landmark. */
  children?: ReactNode;
}

/** The words to search for, sent with the Search button or Enter (not while typing). */
export function SearchForm({ value, onSearch, error, children }: SearchFormProps) {
  const [text, setText] = useState(value);
  const [adopted, setAdopted] = useState(value);
  const [blank, setBlank] = useState(false);
  if (value !== adopted) {
    setAdopted(value);
    setText(value);
    setBlank(false);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setBlank(!q);
    if (q) onSearch(q);
  };

  return (
    <Paper
      component="form"
      role="search"
      aria-label="Conversations"
      withBorder
      radius="md"
      p="md"
      onSubmit={submit}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label="Search conversations"
          placeholder='Words or "an exact phrase"'
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={SEARCH_TEXT_MAX}
          error={blank ? SEARCH_MESSAGES.textRequired : error}
          // The button sits beside the input; the label stays above both, the error below.
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Box style={{ flex: 1, minWidth: 0 }}>{input}</Box>
              <Button type="submit">Search</Button>
            </Group>
          )}
        />
        {children}
      </Stack>
    </Paper>
  );
}
