import {
  SUPPORT_MESSAGES,
  SUPPORT_MESSAGES_PER_HOUR,
  type SupportMessageBody,
  type User,
} from '@fieldbot/shared';
import { DomainError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/index.js';
import type { SupportRepo } from './support.repo.js';

const HOUR_MS = 3_600_000;

export interface SupportDeps {
  repo: Pick<SupportRepo, 'countSince' | 'insert'>;
  /** Queues the e-mail (the send-email job retries failures). */
  sendMail(message: MailMessage): Promise<void>;
  supportEmail: string;
  appUrl: string;
  now?: () => number;
}

/** The identity support needs to answer: the same fields the Intercom widget is booted with. */
function identityLines(user: User): [string, string][] {
  return [
    ['User id', user.id],
    ['Name', user.name],
    ['E-mail', user.email],
    ['Role', user.role.title],
    ['Company', user.company ? `${user.company.name} (${user.company.id})` : '—'],
    ['Publisher', user.publisher ? `${user.publisher.name} (${user.publisher.id})` : '—'],
  ];
}

export function supportMail(
  user: User,
  body: SupportMessageBody,
  to: string,
  appUrl: string,
): MailMessage {
  const fields = identityLines(user);
  if (body.page) fields.push(['Page', `${appUrl}${body.page}`]);
  return {
    to,
    subject: `Help request from ${user.name} <${user.email}>`,
    text: `${body.message}\n\n---\n${fields.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`,
    html:
      `<p style="white-space:pre-wrap">${escapeHtml(body.message)}</p><hr>` +
      `<table>${fields
        .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table>`,
  };
}

export function createSupportService(deps: SupportDeps) {
  const now = deps.now ?? Date.now;
  return {
    /** The Help panel: mails the message with the sender's identity to SUPPORT_EMAIL. */
    async send(user: User, body: SupportMessageBody): Promise<void> {
      const t = now();
      const recent = await deps.repo.countSince(user.id, new Date(t - HOUR_MS));
      if (recent >= SUPPORT_MESSAGES_PER_HOUR) {
        throw new DomainError(429, SUPPORT_MESSAGES.tooMany, {}, { 'Retry-After': '3600' });
      }
      await deps.repo.insert({
        userId: user.id,
        message: body.message,
        page: body.page ?? null,
        createdAt: new Date(t),
      });
      await deps.sendMail(supportMail(user, body, deps.supportEmail, deps.appUrl));
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
