import type { MailMessage } from '../../providers/mail/index.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The account e-mails (verification, password reset): one sentence and one link. */
export function linkMail(
  to: string,
  subject: string,
  intro: string,
  label: string,
  url: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${label}: ${url}\n\nIf you did not ask for this, you can ignore this e-mail.`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>` +
      '<p>If you did not ask for this, you can ignore this e-mail.</p>',
  };
}
