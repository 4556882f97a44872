import { Avatar, Button } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { ImageUploadField } from '@/components/forms/image-upload-field';
import { useUploadCompanyLogo } from '../api/upload-company-logo';

interface CompanyLogoFieldProps {
  companyName: string;
  logo: string | null;
  /** A server message for the logo (422). */
  error?: React.ReactNode;
  onChange: (fileUrl: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/** The company logo (spec §5): jpg, jpeg or png up to 3 MB, uploaded through a pre-signed URL. */
export function CompanyLogoField({
  companyName,
  logo,
  error,
  onChange,
  onUploadingChange,
}: CompanyLogoFieldProps) {
  const upload = useUploadCompanyLogo();
  return (
    <ImageUploadField
      preview={
        <Avatar
          src={logo}
          alt={companyName ? `Logo of ${companyName}` : 'Company logo'}
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
