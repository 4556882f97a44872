import { PHOTO_RULES, MESSAGES } from '@fieldbot/shared';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useUploadCompanyLogo } from '../api/upload-company-logo';
import { logoError } from '../lib/company-form';

interface CompanyLogoFieldProps {
  companyName: string;
  logo: string | null;
  /** A server message for the logo (422). */
  error?: React.ReactNode;
  onChange: (fileUrl: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

const ACCEPT = PHOTO_RULES.mimeTypes.join(',');

/** The company logo (spec §5): jpg, jpeg or png up to 3 MB, uploaded through a pre-signed URL. */
export function CompanyLogoField({
  companyName,
  logo,
  error: serverError,
  onChange,
  onUploadingChange,
}: CompanyLogoFieldProps) {
  const upload = useUploadCompanyLogo();
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const helpId = useId();
  const shown = error ?? serverError;

  const onFile = (file: File | null) => {
    // Clearing the input lets the same file be picked again after an error.
    resetRef.current?.();
    if (!file) return;
    const invalid = logoError(file);
    setError(invalid);
    if (invalid) return;
    onUploadingChange?.(true);
    upload.mutate(file, {
      onSuccess: (url) => onChange(url),
      onError: () => setError(MESSAGES.uploadFailed),
      onSettled: () => onUploadingChange?.(false),
    });
  };

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar
        src={logo}
        alt={companyName ? `Logo of ${companyName}` : 'Company logo'}
        size={80}
        radius="md"
      >
        <IconBuildingStore size={32} aria-hidden />
      </Avatar>
      <Stack gap={4} align="flex-start">
        <Group gap="xs">
          <FileButton
            onChange={onFile}
            accept={ACCEPT}
            resetRef={resetRef}
            inputProps={{ 'aria-label': 'Logo file' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
                aria-describedby={helpId}
              >
                Upload Logo
              </Button>
            )}
          </FileButton>
          {logo ? (
            <Button variant="subtle" color="gray" onClick={() => onChange(null)}>
              Remove
            </Button>
          ) : null}
        </Group>
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
