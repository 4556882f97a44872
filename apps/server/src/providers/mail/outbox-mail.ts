import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage, MailProvider } from './mail-provider.js';

/** Local default: one JSON file per message so a person (or a test) can open the links. */
export function createOutboxMail(outboxDir: string): MailProvider {
  return {
    async send(message: MailMessage) {
      await mkdir(outboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const name = `${Date.now()}-${randomUUID()}.json`;
      const body = JSON.stringify({ ...message, sentAt }, null, 2);
      // Write then rename so a reader never sees a half-written file.
      const tmp = path.join(outboxDir, `.${name}.tmp`);
      await writeFile(tmp, body);
      await rename(tmp, path.join(outboxDir, name));
    },
  };
}
