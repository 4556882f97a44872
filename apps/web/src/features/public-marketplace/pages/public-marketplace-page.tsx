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
import { IconBuildingStore, IconLinkOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { usePageHeader } from '@/components/layout/page-header';
import { isApiError } from '@/lib/http';
import { writeStorage } from '@/lib/storage';
import { usePublisherName } from '../api/get-publisher-name';

export const INVALID_LINK_TITLE = 'This link is not valid';
export const INVALID_LINK_TEXT =
  'No publisher matches this marketplace link. Please ask the publisher for a new link.';

/**
 * /public/marketplace/{code}-{name} (spec §2, §7): the publisher invites the visitor to its
 * marketplace. The code before the last dash is looked up (GET /api/publisher-name/{code}); a known
 * one is kept locally as the referral code, an unknown one (404) makes the link invalid.
 */
export function PublicMarketplacePage() {
  const { publisherId = '' } = useParams();
  const { pathname } = useLocation();
  const { code, name: slugName } = parsePublicMarketplaceSlug(publisherId);
  const publisher = usePublisherName(code);
  usePageHeader({ title: 'Marketplace' });

  const known = publisher.isSuccess;
  useEffect(() => {
    if (known) writeStorage(STORAGE_KEYS.referralCode, code);
  }, [known, code]);

  if (!code || (isApiError(publisher.error) && publisher.error.status === 404)) {
    return <InvalidLink />;
  }

  // Any other failure keeps the invitation under the name in the link (the code is not stored).
  const name = publisher.data ?? slugName;
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

function InvalidLink() {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={520}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLinkOff size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {INVALID_LINK_TITLE}
          </Title>
          <Text>{INVALID_LINK_TEXT}</Text>
          <Button component={Link} to="/login" variant="default" fullWidth>
            Go to Log in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
