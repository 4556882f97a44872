import { Box, Button, CloseButton, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconTextPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { MissedMarking } from './missed-marking';
import { useTranscriptSelection } from './use-transcript-selection';

export interface MissedMarkBarProps {
  marking: MissedMarking;
  /** The element the transcript is rendered in (runs carrying their offsets). */
  root: HTMLElement | null;
  /** The joined transcript (segments' texts joined by one space). */
  transcript: string;
}

const CELL = { gridArea: '1 / 1' } as const;

export const missedMarkHint = (botName: string) =>
  `Did ${botName} miss something? Select the words it should have tagged, then choose Mark as missed. ` +
  'Keyboard: turn on caret browsing (F7), select with Shift and the arrow keys, then press M.';

/** Where typing M is typing, not the way to the toolbar. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Above the transcript: a hint, or, while words of the transcript are selected, the words and a
 * "Mark as missed" menu of the bot's tags. It stays in one place (not beside the selection), so it
 * never hides the words and a phone's own selection menu never hides it; its height is kept while
 * it changes so the transcript does not move under a dragging finger.
 */
export function MissedMarkBar({ marking, root, transcript }: MissedMarkBarProps) {
  const { selected, clear } = useTranscriptSelection(root, transcript);
  const markButton = useRef<HTMLButtonElement>(null);
  const hasSelection = selected !== null;

  // A keyboard selection ends inside the transcript, far from the toolbar: M goes to it.
  useEffect(() => {
    if (!hasSelection) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'm' && event.key !== 'M') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      event.preventDefault();
      markButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasSelection]);

  const dismiss = () => {
    document.getSelection()?.removeAllRanges();
    clear();
  };
  const mark = (tagId: number) => {
    if (!selected) return;
    marking
      .onMark({ tag_id: tagId, index_start: selected.start, index_end: selected.end })
      .then(dismiss, () => undefined);
  };

  return (
    // The hint and the toolbar share one grid cell: the row is as tall as the taller of the two
    // whichever shows, so the transcript below never moves while words are being selected.
    <Box mih={36} mb="xs" style={{ display: 'grid', alignItems: 'center' }}>
      <Text size="xs" c="dimmed" style={{ ...CELL, visibility: selected ? 'hidden' : undefined }}>
        {missedMarkHint(marking.botName)}
      </Text>
      {selected ? (
        <Group
          role="group"
          aria-label="Selected words"
          gap="xs"
          wrap="nowrap"
          justify="space-between"
          style={CELL}
        >
          <Text size="sm" truncate="end" miw={0} style={{ flex: 1 }} title={selected.text}>
            “{selected.text}”
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  ref={markButton}
                  size="xs"
                  leftSection={<IconTextPlus size={16} aria-hidden />}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                  loading={marking.pending}
                >
                  Mark as missed
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>The tag that should have found them</Menu.Label>
                {marking.tags.map((tag) => (
                  <Menu.Item key={tag.id} onClick={() => mark(tag.id)}>
                    Missed: {tag.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <CloseButton size="md" aria-label="Clear the selection" onClick={dismiss} />
          </Group>
        </Group>
      ) : null}
      <VisuallyHidden role="status">
        {selected ? `Selected “${selected.text}”. Mark as missed is above the transcript.` : ''}
      </VisuallyHidden>
    </Box>
  );
}
