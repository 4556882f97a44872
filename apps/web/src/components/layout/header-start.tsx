import { ActionIcon, Burger, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { PageHeader } from './page-header';

export interface HeaderStartProps extends Pick<PageHeader, 'title' | 'subTitle' | 'enableReturn'> {
  navOpened: boolean;
  onToggleNav?: () => void;
  onBack?: () => void;
}

/** The header's leading part: the phone's menu button, Back, and the page's title (spec §3). */
export function HeaderStart({
  title,
  subTitle,
  enableReturn,
  navOpened,
  onToggleNav,
  onBack,
}: HeaderStartProps) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Burger
        opened={navOpened}
        onClick={onToggleNav}
        hiddenFrom="sm"
        size="sm"
        aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
      />
      {enableReturn && (
        <ActionIcon variant="subtle" size="lg" aria-label="Go back" onClick={onBack}>
          <IconArrowLeft size={20} />
        </ActionIcon>
      )}
      <Stack gap={0} miw={0}>
        {title && (
          <Title order={1} size="h3" fz={{ base: 'lg', sm: 'h3' }} lineClamp={2}>
            {title}
          </Title>
        )}
        {subTitle && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {subTitle}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
