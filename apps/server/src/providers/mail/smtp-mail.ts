import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider.js';

export function createSmtpMail(smtpUrl: string, from: string): MailProvider & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
