import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { PHOTO_RULES, MESSAGES } from '@fieldbot/shared';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';
import { photoError } from '../lib/profile-form';

interface ProfilePhotoFieldProps {
  name: string;
  image: string | null;
  onUploaded: (fileUrl: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

const ACCEPT = PHOTO_RULES.mimeTypes.join(',');

/** Avatar with 'Upload Photo': checks type and size first, then uploads and hands back the URL. */
export function ProfilePhotoField({
  name,
  image,
  onUploaded,
  onUploadingChange,
}: ProfilePhotoFieldProps) {
  const upload = useUploadProfilePhoto();
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const onFile = (file: File | null) => {
    // Clearing the input lets the same file be picked again after an error.
    resetRef.current?.();
    if (!file) return;
    const invalid = photoError(file);
    setError(invalid);
    if (invalid) return;
    onUploadingChange?.(true);
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: () => setError(MESSAGES.uploadFailed),
      onSettled: () => onUploadingChange?.(false),
    });
  };

  return (
    <Group gap="lg" align="center">
      <Avatar
        src={image}
        alt={name ? `Photo of ${name}` : 'Profile photo'}
        size={96}
        radius={96}
        name={name}
        color="initials"
      />
      <Stack gap={4} align="flex-start">
        <FileButton
          onChange={onFile}
          accept={ACCEPT}
          resetRef={resetRef}
          inputProps={{ 'aria-label': 'Photo file' }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
              aria-describedby="profile-photo-help"
            >
              Upload Photo
            </Button>
          )}
        </FileButton>
        <Text id="profile-photo-help" size="xs" c="dimmed">
          JPG, JPEG or PNG, up to {PHOTO_RULES.maxMb} MB
        </Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
