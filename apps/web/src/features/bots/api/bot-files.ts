import {
  addBotFileRequestSchema,
  botFilePath,
  botFilesPath,
  botResponseSchema,
  type BotResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { uploadFile } from '@/lib/upload';
import { botQueryKey } from './get-bot';

/** Reference documents go to the documents folder, like the other uploader files (spec §5). */
export const BOT_FILES_FOLDER = 'bot-files';

type AddBotFileRequest = z.infer<typeof addBotFileRequestSchema>;

/** POST /api/publisher/bots/{id}/files {name, path}: the server extracts the text once. */
export function addBotFile(id: string, body: AddBotFileRequest): Promise<BotResponse> {
  return http.post(botFilesPath(id), body, botResponseSchema);
}

/** The pre-signed upload (spec §7), then the file is attached to the bot. */
export async function uploadBotFile(id: string, file: File): Promise<BotResponse> {
  const path = await uploadFile(file, BOT_FILES_FOLDER, { retries: 1 });
  return addBotFile(id, { name: file.name, path });
}

/** DELETE /api/publisher/bots/{id}/files/{fileId}. */
export function deleteBotFile(id: string, fileId: string): Promise<BotResponse> {
  return http.delete(botFilePath(id, fileId), undefined, botResponseSchema);
}

export function useUploadBotFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadBotFile(id, file),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botQueryKey(id) }),
  });
}

export function useDeleteBotFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteBotFile(id, fileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botQueryKey(id) }),
  });
}
