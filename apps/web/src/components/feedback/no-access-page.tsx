import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/session';
import { NoAccessArtwork } from './no-access-artwork';

/** The header title of /no-access (the spec names none; the page's heading is 'We are Sorry...'). */
export const NO_ACCESS_TITLE = 'No Access';

/** Spec §2 No-access page: names the visitor's role title. */
export function NoAccessPage() {
  const user = useCurrentUser();
  usePageHeader({ title: NO_ACCESS_TITLE });
  const roleTitle = user?.role.title ?? '';

  return (
    <Stack align="center" justify="center" gap="md" py="xl" ta="center">
      <Box darkHidden>
        <NoAccessArtwork variant="light" data-testid="no-access-art-light" />
      </Box>
      <Box lightHidden>
        <NoAccessArtwork variant="dark" data-testid="no-access-art-dark" />
      </Box>
      <Title order={2}>We are Sorry...</Title>
      <Text c="dimmed" maw={480}>
        Access is restricted to this page as this is being accessed by {roleTitle}
      </Text>
      <Button component={Link} to="/">
        Go to Home
      </Button>
    </Stack>
  );
}
