import { BOT_LIMITS, publishBotRequestSchema, type Bot } from '@fieldbot/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { notifyError } from '@/lib/notify';
import { usePublishBot } from '../api/publish-bot';

export interface PublishDialogProps {
  botId: string;
  /** The next version's number, for the title. */
  nextVersion: number;
  opened: boolean;
  onClose: () => void;
  /** The published bot, its latest_version the new version. */
  onPublished: (bot: Bot) => void;
}

/** Publish asks one changelog line; the server freezes the saved draft as a new version. */
export function PublishDialog({
  botId,
  nextVersion,
  opened,
  onClose,
  onPublished,
}: PublishDialogProps) {
  const publish = usePublishBot(botId);
  const form = useForm({
    initialValues: { changelog: '' },
    validate: zod4Resolver(publishBotRequestSchema),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    publish.mutate(publishBotRequestSchema.parse(values), {
      onSuccess: ({ data }) => {
        form.reset();
        onPublished(data);
      },
      onError: (error) => {
        const message = applyServerErrors(form, error, ['changelog']);
        if (message) notifyError(message);
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title={`Publish version ${nextVersion}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Companies on an older version are offered this one as an update; nobody is moved to it.
          </Text>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={publish.isPending}>
              Publish
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
