import { Avatar, Button } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { uploadFile, type UploadFolder } from '@/lib/upload';
import { ImageUploadField } from './image-upload-field';

interface LogoUploadFieldProps {
  /** The upload folder of the pre-signed URL, e.g. 'company-logo' or 'publisher-logo'. */
  folder: UploadFolder;
  /** The organisation's name, for the preview's alt text ("Logo of …"). */
  ownerName: string;
  /** The alt text while there is no name yet, e.g. "Company logo". */
  fallbackAlt: string;
  logo: string | null;
  /** A server message for the logo (422). */
  error?: React.ReactNode;
  onChange: (fileUrl: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * An organisation's logo (spec §5): jpg, jpeg or png up to 3 MB, uploaded through a pre-signed URL
 * into `folder`; the file_url is handed back to be saved with the form.
 */
export function LogoUploadField({
  folder,
  ownerName,
  fallbackAlt,
  logo,
  error,
  onChange,
  onUploadingChange,
}: LogoUploadFieldProps) {
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, folder, { retries: 1 }),
    // The field shows a failed upload under the button.
    meta: { errorToast: false },
  });
  return (
    <ImageUploadField
      preview={
        <Avatar
          src={logo}
          alt={ownerName ? `Logo of ${ownerName}` : fallbackAlt}
          size={80}
          radius="md"
        >
          <IconBuildingStore size={32} aria-hidden />
        </Avatar>
      }
      buttonLabel="Upload Logo"
      fileLabel="Logo file"
      upload={upload}
      onUploaded={onChange}
      onUploadingChange={onUploadingChange}
      error={error}
      wrap="nowrap"
      actions={
        logo ? (
          <Button variant="subtle" color="gray" onClick={() => onChange(null)}>
            Remove
          </Button>
        ) : null
      }
    />
  );
}
