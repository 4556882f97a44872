import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface NotFoundStateProps {
  title: string;
  description: string;
  /** Where the way out leads, and its label. */
  to: string;
  linkLabel: string;
}

/** A page whose record does not exist (or is not the user's): what is missing and a way back. */
export function NotFoundState({ title, description, to, linkLabel }: NotFoundStateProps) {
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
      <Button component={Link} to={to} variant="default">
        {linkLabel}
      </Button>
    </Stack>
  );
}
