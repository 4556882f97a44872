import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/lib/upload';

export const PROFILE_PHOTO_FOLDER = 'profile';

/** POST /api/data/pre-signed-url then PUT of the photo; resolves with the file_url to save. */
export function uploadProfilePhoto(file: File): Promise<string> {
  // A photo is small: one quiet retry covers a dropped connection.
  return uploadFile(file, PROFILE_PHOTO_FOLDER, { retries: 1 });
}

export function useUploadProfilePhoto() {
  return useMutation({ mutationFn: uploadProfilePhoto, meta: { errorToast: false } });
}
