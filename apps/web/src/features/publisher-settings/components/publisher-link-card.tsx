import { publicMarketplacePath, type PublisherInfo } from '@fieldbot/shared';
import {
  ActionIcon,
  CopyButton,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

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
        <TextInput
          label="Public Landing Link"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { textOverflow: 'ellipsis' } }}
          rightSection={
            <CopyButton value={url} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    aria-label={copied ? 'Link copied' : 'Copy public landing link'}
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
          }
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
