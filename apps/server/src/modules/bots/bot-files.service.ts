import { buffer } from 'node:stream/consumers';
import {
  BOT_LIMITS,
  UPLOAD_FOLDER_EXTENSIONS,
  UPLOAD_MESSAGES,
  type Bot,
  type addBotFileRequestSchema,
  type User,
} from '@fieldbot/shared';
import type { z } from 'zod';
import { fieldError, notFound } from '../../lib/errors.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { extensionOf } from '../files/index.js';
import { BOT_MESSAGES } from './bot-messages.js';
import type { BotQueries, BotRow, BotsRepo } from './bots.repo.js';
import {
  checkEditable,
  checkId,
  lockOwnBot,
  publisherIdOf,
  refreshUnpublishedChanges,
} from './bots.service.js';
import { UnreadableDocumentError, extractReferenceText } from './reference-text/extract-text.js';

/** The upload folder of bot reference documents (files module, shared UPLOAD_FOLDERS). */
const FOLDER = 'bot-files';
const EXTENSIONS = UPLOAD_FOLDER_EXTENSIONS[FOLDER];

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return (e.cause?.code ?? e.code) === '23505';
};

type AddBotFileRequest = z.infer<typeof addBotFileRequestSchema>;

export type BotFilesService = ReturnType<typeof createBotFilesService>;

/**
 * Reference files: up to 3 documents per bot, uploaded through the pre-signed URL
 * flow and attached here; their text is extracted once, now, and frozen into each version.
 */
export function createBotFilesService(deps: {
  repo: BotsRepo;
  storage: StorageProvider;
  view(bot: BotRow): Promise<Bot>;
}) {
  const { repo, storage } = deps;

  /** Spec §5 "File uploader": at most 3 files, no two with one name. */
  async function checkRoom(q: BotQueries, bot: BotRow, name: string) {
    const files = await q.fileSummaries(bot.id);
    if (files.some((f) => f.name === name)) {
      throw fieldError('name', UPLOAD_MESSAGES.duplicateName(name));
    }
    if (files.length >= BOT_LIMITS.referenceFilesMax) {
      throw fieldError('name', UPLOAD_MESSAGES.maxFiles(BOT_LIMITS.referenceFilesMax));
    }
  }

  return {
    async attach(user: User, botId: string, request: AddBotFileRequest): Promise<Bot> {
      const { name } = request;
      if (!EXTENSIONS.includes(extensionOf(name))) {
        throw fieldError('name', UPLOAD_MESSAGES.typeNotAllowed(EXTENSIONS));
      }
      // The client may send the file_url the pre-signed URL answer gave it, or the storage key.
      const key = storage.keyFromUrl(request.path) ?? request.path;
      const upload = key.startsWith(`${FOLDER}/`) ? await repo.uploadOf(user.id, key) : null;
      if (!upload || upload.status !== 'uploaded' || !upload.contentType) {
        throw fieldError('path', BOT_MESSAGES.uploadNotFound);
      }
      // Refuse early what the locked check below would refuse anyway, before reading the file.
      const bot = await repo.find(publisherIdOf(user), checkId(botId));
      if (!bot) throw notFound();
      checkEditable(bot);
      await checkRoom(repo, bot, name);

      const object = await storage.get(key);
      if (!object) throw fieldError('path', BOT_MESSAGES.uploadNotFound);
      let text: string;
      try {
        text = await extractReferenceText(await buffer(object.body), upload.contentType);
      } catch (error) {
        if (error instanceof UnreadableDocumentError) {
          throw fieldError('path', BOT_MESSAGES.unreadableFile(name));
        }
        throw error;
      }

      try {
        const updated = await repo.transaction(async (q) => {
          const current = await lockOwnBot(q, user, botId);
          checkEditable(current);
          await checkRoom(q, current, name);
          await q.insertFile({
            botId: current.id,
            name,
            storageKey: key,
            sizeBytes: upload.size ?? object.size,
            text,
          });
          return refreshUnpublishedChanges(q, current);
        });
        return deps.view(updated);
      } catch (error) {
        // bot_files_bot_name_idx: a same-named file attached in a race.
        if (isUniqueViolation(error)) throw fieldError('name', UPLOAD_MESSAGES.duplicateName(name));
        throw error;
      }
    },

    /**
     * Detaches a file from the draft. Published versions keep the text they froze, and the stored
     * upload stays, like any other upload.
     */
    async remove(user: User, botId: string, fileId: string): Promise<Bot> {
      const bot = await repo.transaction(async (q) => {
        const current = await lockOwnBot(q, user, botId);
        checkEditable(current);
        if (!(await q.deleteFile(current.id, checkId(fileId)))) throw notFound();
        return refreshUnpublishedChanges(q, current);
      });
      return deps.view(bot);
    },
  };
}
