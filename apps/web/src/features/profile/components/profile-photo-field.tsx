import { Avatar } from '@mantine/core';
import { ImageUploadField } from '@/components/forms/image-upload-field';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';

interface ProfilePhotoFieldProps {
  name: string;
  image: string | null;
  onUploaded: (fileUrl: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/** Avatar with 'Upload Photo': checks type and size first, then uploads and hands back the URL. */
export function ProfilePhotoField({
  name,
  image,
  onUploaded,
  onUploadingChange,
}: ProfilePhotoFieldProps) {
  const upload = useUploadProfilePhoto();
  return (
    <ImageUploadField
      preview={
        <Avatar
          src={image}
          alt={name ? `Photo of ${name}` : 'Profile photo'}
          size={96}
          radius={96}
          name={name}
          color="initials"
        />
      }
      buttonLabel="Upload Photo"
      fileLabel="Photo file"
      upload={upload}
      onUploaded={onUploaded}
      onUploadingChange={onUploadingChange}
    />
  );
}
