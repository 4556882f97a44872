import { Textarea, type TextareaProps } from '@mantine/core';
import { useState } from 'react';

/** The sentences of a one-per-line text: trimmed, blank lines dropped. */
export const sentenceLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

export interface SentenceLinesInputProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value: string[];
  onChange: (value: string[]) => void;
}

/**
 * A list of sentences edited as a textarea, one per line. A tags input would split on commas,
 * which sentences contain, and truncate long pills on a phone; lines show each sentence whole.
 */
export function SentenceLinesInput({ value, onChange, ...props }: SentenceLinesInputProps) {
  // The typed text keeps what the list cannot (the empty line after Enter, trailing spaces); it
  // gives way to the list when the list changes elsewhere (a tag removed above shifts the tags).
  const [text, setText] = useState(() => value.join('\n'));
  const shown = sameList(sentenceLines(text), value) ? text : value.join('\n');
  return (
    <Textarea
      rows={3}
      resize="vertical"
      {...props}
      value={shown}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const lines = sentenceLines(next);
        if (!sameList(lines, value)) onChange(lines);
      }}
    />
  );
}
