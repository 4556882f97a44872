import path from 'node:path';
import type { AppConfig } from '../../config.js';
import type { MailProvider } from './mail-provider.js';
import { createOutboxMail } from './outbox-mail.js';
import { createSmtpMail } from './smtp-mail.js';

export type { MailMessage, MailProvider } from './mail-provider.js';

export function createMailProvider(config: AppConfig): MailProvider {
  return config.smtpUrl
    ? createSmtpMail(config.smtpUrl, config.mailFrom)
    : createOutboxMail(path.join(config.dataDir, 'outbox'));
}
