import { API_DOCS_PATH, API_KEY_MESSAGES, type ApiKey } from '@fieldbot/shared';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { usePageHeader } from '@/components/layout/page-header';
import { notifySuccess } from '@/lib/notify';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ApiKeyTable } from '../components/api-key-table';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';

/** /settings/api-keys: the company admin's keys for the public read API (issue 26 §4). */
export function ApiKeysPage() {
  usePageHeader({ title: 'Settings' });
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notifySuccess(API_KEY_MESSAGES.revoked),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} maw={640}>
          <Text size="sm">
            API keys let your own systems read this company&apos;s interactions, transcripts and bot
            results through the read-only API. A key is shown once, when it is created.
          </Text>
          <Anchor href={API_DOCS_PATH} target="_blank" rel="noopener" size="sm">
            API reference
          </Anchor>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Group>
      <ApiKeyTable
        keys={list.data?.data}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        onRevoke={setRevoking}
      />
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke API key"
        confirmLabel="Revoke"
        color="red"
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        {`Revoke “${revoking?.name ?? ''}”? Anything using it is refused from its next request. This cannot be undone.`}
      </ConfirmModal>
    </Stack>
  );
}
