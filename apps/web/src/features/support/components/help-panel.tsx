import { SUPPORT_MESSAGE_MAX, supportMessageBodySchema, type User } from '@fieldbot/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '@/lib/http';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useSendSupportMessage } from '../api/send-support-message';
import { setHelpPanelOpen, useHelpPanelOpen } from '../lib/help-panel-state';

export const HELP_PANEL_TITLE = 'Help';
export const HELP_MESSAGE_LABEL = 'How can we help?';

/**
 * The built-in support channel when no Intercom workspace is configured: the message goes to the
 * support address by e-mail with the user's identity, and the reply comes to the user's e-mail.
 */
export function HelpPanel({ user }: { user: User }) {
  const opened = useHelpPanelOpen();
  const { pathname, search } = useLocation();
  const send = useSendSupportMessage();
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setHelpPanelOpen(false);
    setFieldError(null);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = supportMessageBodySchema.safeParse({ message, page: `${pathname}${search}` });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    send.mutate(parsed.data, {
      onSuccess: (response) => {
        notifySuccess(response.message);
        setMessage('');
        close();
      },
      onError: (error) => {
        const field = isApiError(error) ? error.fieldError('message') : undefined;
        if (field) setFieldError(field);
        else setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={HELP_PANEL_TITLE}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Write to our support team. We reply by e-mail to {user.email}; your name, e-mail and
            company are sent with the message.
          </Text>
          {failure ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Textarea
            label={HELP_MESSAGE_LABEL}
            rows={5}
            maxLength={SUPPORT_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={fieldError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
