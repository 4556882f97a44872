import type { Company } from '@fieldbot/shared';
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateCompany } from '../api/update-company';

export const SHARE_BOT_EXAMPLES_LABEL = "Share reviewers' marks with bot publishers";
export const SHARE_BOT_EXAMPLES_DESCRIPTION =
  'Only the marked sentence is shared, with names, numbers, e-mail addresses and phone numbers removed. Off by default.';

/**
 * Whether the company's reviewer marks reach the publishers of the bots it uses (ADR 024). Saved as
 * soon as it is switched, apart from the company form and its Save: it is a consent, not a field.
 */
export function BotSharingCard({ company }: { company: Company }) {
  const update = useUpdateCompany();
  // While saving, the switch shows the new value; afterwards the refetched user's.
  const checked =
    update.isPending && update.variables.share_bot_examples !== undefined
      ? update.variables.share_bot_examples
      : company.share_bot_examples;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="bot-sharing-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="bot-sharing-title">
            Bot learning
          </Title>
          <Text size="sm" c="dimmed">
            Your reviewers mark what bots got right, wrong or missed. Publishers can improve their
            bots from those marks.
          </Text>
        </div>
        <Switch
          label={SHARE_BOT_EXAMPLES_LABEL}
          description={SHARE_BOT_EXAMPLES_DESCRIPTION}
          checked={checked}
          onChange={(event) => {
            if (update.isPending) return;
            update.mutate(
              { share_bot_examples: event.currentTarget.checked },
              { onSuccess: notifySuccess, onError: notifyError },
            );
          }}
        />
      </Stack>
    </Paper>
  );
}
