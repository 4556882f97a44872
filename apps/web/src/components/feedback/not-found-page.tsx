import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';

/** The page for any path that is not a known route (spec §2). */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found | Fieldbot';
  }, []);

  return (
    <Center component="main" mih="70dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={800} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed" maw={420}>
          The page you are looking for does not exist or has been moved.
        </Text>
        <Button component={Link} to="/" size="md">
          Take me home
        </Button>
      </Stack>
    </Center>
  );
}
