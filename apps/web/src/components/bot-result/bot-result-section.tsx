import { Button, Collapse, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { DisabledReason } from '@/components/disabled-reason';
import { RunBotsDialog } from './run-bots-dialog';

export interface BotResultSectionProps {
  /** Why Run Bot is disabled (customerRunBotBlock / interactionRunBotBlock); null enables it. */
  runBotBlock: string | null;
}

/** The collapsible Bot Result section of a customer (spec §2); bot results arrive with the bots issue. */
export function BotResultSection({ runBotBlock }: BotResultSectionProps) {
  const [expanded, { toggle }] = useDisclosure(true);
  const [dialogOpened, dialog] = useDisclosure(false);
  const contentId = useId();

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          <UnstyledButton
            onClick={toggle}
            aria-expanded={expanded}
            aria-controls={contentId}
            fz="inherit"
            fw="inherit"
          >
            <Group gap="xs" wrap="nowrap">
              <IconChevronDown
                size={18}
                aria-hidden
                style={{
                  transform: expanded ? undefined : 'rotate(-90deg)',
                  transition: 'transform 150ms',
                }}
              />
              Bot Result
            </Group>
          </UnstyledButton>
        </Title>
        <DisabledReason reason={runBotBlock}>
          <Button size="sm" onClick={dialog.open}>
            Run Bot
          </Button>
        </DisabledReason>
      </Group>
      <Collapse expanded={expanded} id={contentId}>
        <Text c="dimmed" ta="center" py="lg">
          No Bot Result Generated
        </Text>
      </Collapse>
      <RunBotsDialog opened={dialogOpened} onClose={dialog.close} />
    </Paper>
  );
}
