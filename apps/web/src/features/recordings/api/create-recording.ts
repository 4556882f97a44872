import { createRecordingResponseSchema, type CreateRecordingBody } from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type CreateRecordingResponse = z.infer<typeof createRecordingResponseSchema>;

/**
 * POST /api/company/recordings {customer_id, file_urls (in order), started_at}: a new interaction in
 * progress. Sending the same file_urls again returns the same interaction, so a retry after a lost
 * answer creates no duplicate.
 */
export function createRecording(body: CreateRecordingBody): Promise<CreateRecordingResponse> {
  return http.post('/api/company/recordings', body, createRecordingResponseSchema);
}

export function useCreateRecording() {
  // The dialogs show the error themselves, with a Retry.
  return useMutation({ mutationFn: createRecording, meta: { errorToast: false } });
}
