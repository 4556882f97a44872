import {
  BOT_LIMITS,
  publishBotRequestSchema,
  type Bot,
  type PublishComparison,
} from '@fieldbot/shared';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { errorMessage, notifyError } from '@/lib/notify';
import { publishDropOf, usePublishBot } from '../api/publish-bot';
import { dropLine, PublishComparisonPanel } from './publish-comparison';

export const PUBLISH_ANYWAY = 'Publish anyway';

export interface PublishDialogProps {
  botId: string;
  /** The next version's number, for the title. */
  nextVersion: number;
  opened: boolean;
  onClose: () => void;
  /** The published bot, its latest_version the new version. */
  onPublished: (bot: Bot) => void;
}

/**
 * Publish asks one changelog line; the server freezes the saved draft as a new version. The dialog
 * shows how the draft compares with the newest version per tag on the bot's labelled examples, and
 * when the server refuses a version that does worse (409), the drop and "Publish anyway".
 */
export function PublishDialog({
  botId,
  nextVersion,
  opened,
  onClose,
  onPublished,
}: PublishDialogProps) {
  const publish = usePublishBot(botId);
  const [refused, setRefused] = useState<{ message: string; comparison: PublishComparison } | null>(
    null,
  );
  const form = useForm({
    initialValues: { changelog: '' },
    validate: zod4Resolver(publishBotRequestSchema),
  });
  const close = () => {
    form.reset();
    setRefused(null);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const body = publishBotRequestSchema.parse(values);
    publish.mutate(refused ? { ...body, confirm_drop: true } : body, {
      onSuccess: ({ data }) => {
        form.reset();
        setRefused(null);
        onPublished(data);
      },
      onError: (error) => {
        const comparison = publishDropOf(error);
        if (comparison) {
          setRefused({ message: errorMessage(error), comparison });
          return;
        }
        const message = applyServerErrors(form, error, ['changelog']);
        if (message) notifyError(message);
      },
    });
  });
  const dropped = refused?.comparison.tags.filter((t) => t.dropped) ?? [];
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Publish version ${nextVersion}`}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Companies on an older version are offered this one as an update; nobody is moved to it.
          </Text>
          <PublishComparisonPanel botId={botId} refused={refused?.comparison ?? null} />
          <Textarea
            label="Changelog"
            description="One line on what changed in this version."
            required
            data-autofocus
            rows={2}
            resize="vertical"
            maxLength={BOT_LIMITS.changelogMax}
            {...form.getInputProps('changelog')}
          />
          {refused ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              role="alert"
              title={refused.message}
            >
              {dropped.length ? (
                <List size="sm" spacing={4}>
                  {dropped.map((tag) => (
                    <List.Item key={tag.tag_id}>{dropLine(tag)}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={publish.isPending}
              color={refused ? 'orange' : undefined}
            >
              {refused ? PUBLISH_ANYWAY : 'Publish'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
