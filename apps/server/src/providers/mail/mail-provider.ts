export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe; nodemailer sends them as given, the outbox stores them. */
  headers?: Record<string, string>;
}

export interface MailProvider {
  send(message: MailMessage): Promise<void>;
}
