import {
  formatPlayerTime,
  interactionAtPath,
  type SearchHit,
  type SearchLine,
} from '@fieldbot/shared';
import { Anchor, Mark, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface MatchingLineProps {
  hit: Pick<SearchHit, 'id' | 'type' | 'customer_id'>;
  line: SearchLine;
}

/**
 * A transcript line with the searched words in `<mark>`, linking to the interaction with its
 * player at the line's start (?t=).
 */
export function MatchingLine({ hit, line }: MatchingLineProps) {
  return (
    <Anchor
      component={Link}
      to={interactionAtPath(hit.customer_id, hit, line.start_seconds)}
      display="block"
      // A block at least 24 px tall: one target per line (WCAG 2.5.8).
      py={4}
      size="sm"
      c="var(--mantine-color-text)"
      underline="hover"
      style={{ overflowWrap: 'anywhere' }}
    >
      <Text span size="xs" c="dimmed" ff="monospace">
        {`[${formatPlayerTime(line.start_seconds)}] ${line.speaker}:`}
      </Text>{' '}
      {line.fragments.map((fragment, index) =>
        fragment.match ? (
          <Mark key={index} px={1}>
            {fragment.text}
          </Mark>
        ) : (
          <span key={index}>{fragment.text}</span>
        ),
      )}
    </Anchor>
  );
}
