import { MESSAGES, PHOTO_RULES } from '@fieldbot/shared';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { imageFileError } from '@/lib/upload';

/** The part of a TanStack upload mutation the field uses: File in, uploaded URL out. */
export interface ImageUpload {
  mutate: (
    file: File,
    callbacks: {
      onSuccess: (fileUrl: string) => void;
      onError: () => void;
      onSettled: () => void;
    },
  ) => void;
  isPending: boolean;
}

export interface ImageUploadFieldProps {
  /** The current image, shown beside the button (an Avatar). */
  preview: ReactNode;
  /** The button's text, e.g. "Upload Logo". */
  buttonLabel: string;
  /** The hidden file input's accessible name, e.g. "Logo file". */
  fileLabel: string;
  upload: ImageUpload;
  onUploaded: (fileUrl: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** A server message for the image (422), shown when there is no local one. */
  error?: ReactNode;
  /** Further buttons after the upload button (e.g. Remove). */
  actions?: ReactNode;
  wrap?: 'wrap' | 'nowrap';
}

const ACCEPT = PHOTO_RULES.mimeTypes.join(',');

/**
 * An image picked with a file button (spec §5 logo, §8 photo): jpg, jpeg or png up to 3 MB is
 * checked first, then uploaded, and the uploaded URL handed back.
 */
export function ImageUploadField({
  preview,
  buttonLabel,
  fileLabel,
  upload,
  onUploaded,
  onUploadingChange,
  error: serverError,
  actions,
  wrap,
}: ImageUploadFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const helpId = useId();
  const shown = error ?? serverError;

  const onFile = (file: File | null) => {
    // Clearing the input lets the same file be picked again after an error.
    resetRef.current?.();
    if (!file) return;
    const invalid = imageFileError(file);
    setError(invalid);
    if (invalid) return;
    onUploadingChange?.(true);
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: () => setError(MESSAGES.uploadFailed),
      onSettled: () => onUploadingChange?.(false),
    });
  };

  const button = (
    <FileButton
      onChange={onFile}
      accept={ACCEPT}
      resetRef={resetRef}
      inputProps={{ 'aria-label': fileLabel }}
    >
      {(props) => (
        <Button
          {...props}
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={upload.isPending}
          aria-describedby={helpId}
        >
          {buttonLabel}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Group gap="lg" align="center" wrap={wrap}>
      {preview}
      <Stack gap={4} align="flex-start">
        {actions ? (
          <Group gap="xs">
            {button}
            {actions}
          </Group>
        ) : (
          button
        )}
        <Text id={helpId} size="xs" c="dimmed">
          JPG, JPEG or PNG, up to {PHOTO_RULES.maxMb} MB
        </Text>
        {shown ? (
          <Text size="sm" c="red" role="alert">
            {shown}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
