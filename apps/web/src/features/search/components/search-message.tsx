import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface SearchMessageProps {
  icon: Icon;
  title: string;
  text: string;
}

/** Where the hits go when there are none to show: before any search, or when nothing matched. */
export function SearchMessage({ icon: MessageIcon, title, text }: SearchMessageProps) {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center">
      <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
        <MessageIcon size={26} />
      </ThemeIcon>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={480}>
        {text}
      </Text>
    </Stack>
  );
}
