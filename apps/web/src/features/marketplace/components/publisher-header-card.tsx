import type { MarketplacePublisher } from '@fieldbot/shared';
import { Anchor, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconWorld } from '@tabler/icons-react';

/** The publisher page's header: logo, name, what it does and how to reach it. */
export function PublisherHeaderCard({ publisher }: { publisher: MarketplacePublisher }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="publisher-name">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <Avatar src={publisher.logo} alt="" size={64} radius="md" color="blue">
          {publisher.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h3" id="publisher-name" style={{ overflowWrap: 'anywhere' }}>
            {publisher.name}
          </Title>
          {publisher.description ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {publisher.description}
            </Text>
          ) : null}
          <Group gap="md">
            {publisher.website ? (
              <Group gap={4} wrap="nowrap">
                <IconWorld size={16} aria-hidden />
                <Anchor
                  href={publisher.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                >
                  {publisher.website}
                </Anchor>
              </Group>
            ) : null}
            {publisher.support_email ? (
              <Group gap={4} wrap="nowrap">
                <IconMail size={16} aria-hidden />
                <Anchor href={`mailto:${publisher.support_email}`} size="sm">
                  {publisher.support_email}
                </Anchor>
              </Group>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {`${publisher.bots_count} ${publisher.bots_count === 1 ? 'bot' : 'bots'}`}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
