import type { BotFinding } from '@fieldbot/shared';
import { Anchor, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListCard } from '@/components/dashboard';
import { findingShare, findingText } from '../lib/findings';

export interface BotFindingsListProps {
  findings: readonly BotFinding[] | undefined;
  technician: boolean;
  /** The bot's page when the viewer may open it. */
  getHref: (finding: BotFinding) => string | null;
}

/** How often each bot found something: "found on 7 of 18 visits", with a bar of that share. */
export function BotFindingsList({ findings, technician, getHref }: BotFindingsListProps) {
  return (
    <ListCard
      title={technician ? 'What the Bots Found on My Visits' : 'What the Bots Found'}
      loading={findings === undefined}
      empty={findings?.length === 0}
      emptyText="No Bot Results Found"
    >
      {findings?.map((finding) => {
        const href = getHref(finding);
        const text = findingText(finding, technician);
        return (
          <Stack component="li" key={finding.id} gap={4}>
            {href ? (
              <Anchor component={Link} to={href} size="sm" fw={500}>
                {finding.key}
              </Anchor>
            ) : (
              <Text size="sm" fw={500}>
                {finding.key}
              </Text>
            )}
            <Progress
              value={Math.round(findingShare(finding) * 100)}
              size="sm"
              aria-label={`${finding.key}: ${text}`}
            />
            <Text size="xs" c="dimmed">
              {text}
            </Text>
          </Stack>
        );
      })}
    </ListCard>
  );
}
