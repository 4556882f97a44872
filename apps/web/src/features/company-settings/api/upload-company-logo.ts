import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/lib/upload';

export const COMPANY_LOGO_FOLDER = 'company-logo';

/** POST /api/data/pre-signed-url then PUT of the logo; resolves with the file_url to save. */
export function uploadCompanyLogo(file: File): Promise<string> {
  return uploadFile(file, COMPANY_LOGO_FOLDER, { retries: 1 });
}

export function useUploadCompanyLogo() {
  return useMutation({ mutationFn: uploadCompanyLogo, meta: { errorToast: false } });
}
