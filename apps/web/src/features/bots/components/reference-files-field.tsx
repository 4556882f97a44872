import {
  BOT_LIMITS,
  FILE_UPLOADER_DEFAULTS,
  MESSAGES,
  type BotReferenceFile,
} from '@fieldbot/shared';
import { ActionIcon, Button, FileButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/http';
import { errorMessage } from '@/lib/notify';
import { useDeleteBotFile, useUploadBotFile } from '../api/bot-files';
import {
  REFERENCE_FILE_ACCEPT,
  REFERENCE_FILE_MAX_MB,
  REFERENCE_FILE_MESSAGES,
  referenceFileError,
} from '../lib/reference-files';

export interface ReferenceFilesFieldProps {
  /** null until the bot is saved: files belong to a bot. */
  botId: string | null;
  files: readonly BotReferenceFile[];
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('en-US')} KB`;

/** Up to three reference documents (a price book, a call script) whose text the bot may use. */
export function ReferenceFilesField({ botId, files }: ReferenceFilesFieldProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="reference-files-title">
      <Title order={3} size="h5" id="reference-files-title">
        Reference files
      </Title>
      {botId ? (
        <ReferenceFiles botId={botId} files={files} />
      ) : (
        <Text size="sm" c="dimmed">
          Save the draft first to add reference files.
        </Text>
      )}
    </Stack>
  );
}

function ReferenceFiles({ botId, files }: { botId: string; files: readonly BotReferenceFile[] }) {
  const upload = useUploadBotFile(botId);
  const remove = useDeleteBotFile(botId);
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const onFile = (file: File | null) => {
    // Clearing the input lets the same file be picked again after an error.
    resetRef.current?.();
    if (!file) return;
    const invalid = referenceFileError(file, files);
    setError(invalid);
    if (invalid) return;
    upload.mutate(file, {
      onError: (failure) =>
        setError(
          isApiError(failure) && failure.status === 422
            ? errorMessage(failure)
            : MESSAGES.uploadFailed,
        ),
    });
  };

  return (
    <>
      {files.length > 0 ? (
        <List spacing={4} listStyleType="none" p={0} aria-label="Reference files">
          {files.map((file) => (
            <List.Item key={file.id}>
              <Group gap="xs" wrap="nowrap">
                <IconFileText size={18} aria-hidden />
                <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {kb(file.size_bytes)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${file.name}`}
                  loading={remove.isPending && remove.variables === file.id}
                  onClick={() => remove.mutate(file.id)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Group gap="sm" align="center">
        <FileButton
          onChange={onFile}
          accept={REFERENCE_FILE_ACCEPT}
          resetRef={resetRef}
          inputProps={{ 'aria-label': 'Reference file' }}
          disabled={upload.isPending || files.length >= BOT_LIMITS.referenceFilesMax}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
              disabled={upload.isPending || files.length >= BOT_LIMITS.referenceFilesMax}
              aria-describedby="reference-files-help"
            >
              Upload file
            </Button>
          )}
        </FileButton>
        <Text id="reference-files-help" size="xs" c="dimmed">
          {`${FILE_UPLOADER_DEFAULTS.extensions.join(', ')}; up to ${BOT_LIMITS.referenceFilesMax} files of ${REFERENCE_FILE_MAX_MB} MB`}
        </Text>
      </Group>
      {upload.isPending ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {REFERENCE_FILE_MESSAGES.uploading}
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}
