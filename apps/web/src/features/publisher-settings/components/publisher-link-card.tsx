import { publicMarketplacePath, type PublisherInfo } from '@fieldbot/shared';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CopyField } from '@/components/forms/copy-field';

/** The public landing link a publisher shares: a visitor who signs up through it becomes a client. */
export function landingUrl(info: Pick<PublisherInfo, 'code' | 'name'>): string {
  return new URL(publicMarketplacePath(info.code, info.name), window.location.origin).toString();
}

/** The referral code, the landing link with a copy button, and the default markup. */
export function PublisherLinkCard({ publisher }: { publisher: PublisherInfo }) {
  const url = landingUrl(publisher);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Referral Link
          </Title>
          <Text size="sm" c="dimmed">
            Companies that sign up through this link become your clients.
          </Text>
        </div>
        <CopyField
          label="Public Landing Link"
          value={url}
          what="public landing link"
          copiedLabel="Link copied"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <div>
            <Text size="sm" c="dimmed">
              Referral Code
            </Text>
            <Text fw={600} ff="monospace" data-testid="referral-code">
              {publisher.code}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Default Markup
            </Text>
            <Text fw={600}>{`${publisher.default_markup_percent}%`}</Text>
          </div>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
