import { STORAGE_KEYS, parsePublicMarketplaceSlug } from '@fieldbot/shared';
import {
  Anchor,
  Button,
  Center,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { usePageHeader } from '@/components/layout/page-header';
import { writeStorage } from '@/lib/storage';
import { usePublisherName } from '../api/get-publisher-name';

/**
 * /public/marketplace/{code}-{name} (spec §2): the publisher invites the visitor to its marketplace.
 * The last dash-separated piece names the publisher; the code before it is kept locally as the
 * referral code and looked up for the publisher's current name.
 */
export function PublicMarketplacePage() {
  const { publisherId = '' } = useParams();
  const { pathname } = useLocation();
  const { code, name: slugName } = parsePublicMarketplaceSlug(publisherId);
  const publisher = usePublisherName(code);
  const name = publisher.data ?? slugName;
  usePageHeader({ title: 'Marketplace' });

  useEffect(() => {
    if (code) writeStorage(STORAGE_KEYS.referralCode, code);
  }, [code]);

  const referer = `?referer=${encodeURIComponent(pathname)}`;

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={520}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconBuildingStore size={30} />
          </ThemeIcon>
          {publisher.isPending && slugName ? (
            <Skeleton height={32} width="60%" aria-label="Loading publisher name" />
          ) : (
            <Title order={1} size="h2">
              {name}
            </Title>
          )}
          <Text>
            <Text span fw={600}>
              {name}
            </Text>{' '}
            has shared access to its bot marketplace with you.
          </Text>
          <Text c="dimmed" size="sm">
            Sign in to your Fieldbot account to explore and use their bots.
          </Text>
          <Button component={Link} to={`/login${referer}`} size="md" fullWidth>
            Sign in
          </Button>
          <Text size="sm">
            New to Fieldbot?{' '}
            <Anchor component={Link} to={`/signup${referer}`}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
