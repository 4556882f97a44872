import { ALERT_UNSUBSCRIBE_PAGE, alertUnsubscribePath } from '@fieldbot/shared';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { signUnsubscribe } from './unsubscribe-token.js';

export interface AlertMailLinks {
  appUrl: string;
  secret: string;
}

/**
 * The unsubscribe of one rule for one person: the page a reader lands on (it confirms with a
 * POST) and the List-Unsubscribe headers a mail client's one-click button POSTs to (RFC 8058).
 */
function unsubscribe(links: AlertMailLinks, userId: string, ruleId: string) {
  const token = signUnsubscribe(links.secret, userId, ruleId);
  return {
    page: `${links.appUrl}${ALERT_UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}`,
    headers: {
      'List-Unsubscribe': `<${links.appUrl}${alertUnsubscribePath(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const absolute = (links: AlertMailLinks, link: string | null) =>
  link ? `${links.appUrl}${link}` : links.appUrl;

/** One alert, at once. */
export function alertMail(
  links: AlertMailLinks,
  input: {
    to: string;
    userId: string;
    ruleId: string;
    ruleName: string;
    summary: string;
    link: string | null;
  },
): MailMessage {
  const off = unsubscribe(links, input.userId, input.ruleId);
  const open = absolute(links, input.link);
  return {
    to: input.to,
    subject: `Alert: ${input.summary}`,
    text: [
      `${input.ruleName}: ${input.summary}`,
      `Open it: ${open}`,
      '',
      `Stop e-mails for "${input.ruleName}": ${off.page}`,
    ].join('\n'),
    html: [
      `<p><strong>${escapeHtml(input.ruleName)}</strong>: ${escapeHtml(input.summary)}</p>`,
      `<p><a href="${escapeHtml(open)}">Open it</a></p>`,
      `<p style="font-size:12px"><a href="${escapeHtml(off.page)}">Stop e-mails for "${escapeHtml(input.ruleName)}"</a></p>`,
    ].join(''),
    headers: off.headers,
  };
}

/**
 * The 7:00 digest of one person: every alert since the last one. One-click unsubscribe in the
 * headers can name one rule only, so it names the rule of the first item; the body links each
 * rule's own unsubscribe.
 */
export function digestMail(
  links: AlertMailLinks,
  input: {
    to: string;
    userId: string;
    date: string;
    items: { summary: string; link: string | null; ruleId: string; ruleName: string }[];
  },
): MailMessage {
  const rules = [...new Map(input.items.map((i) => [i.ruleId, i.ruleName])).entries()];
  const first = unsubscribe(links, input.userId, rules[0]![0]);
  const offs = rules.map(([id, name]) => ({
    name,
    page: unsubscribe(links, input.userId, id).page,
  }));
  const count = input.items.length;
  return {
    to: input.to,
    subject: `Your alerts digest: ${count} alert${count === 1 ? '' : 's'}`,
    text: [
      ...input.items.map((i) => `- ${i.ruleName}: ${i.summary} ${absolute(links, i.link)}`),
      '',
      ...offs.map((o) => `Stop e-mails for "${o.name}": ${o.page}`),
    ].join('\n'),
    html: [
      '<ul>',
      ...input.items.map(
        (i) =>
          `<li><a href="${escapeHtml(absolute(links, i.link))}">${escapeHtml(i.ruleName)}: ${escapeHtml(i.summary)}</a></li>`,
      ),
      '</ul>',
      ...offs.map(
        (o) =>
          `<p style="font-size:12px"><a href="${escapeHtml(o.page)}">Stop e-mails for "${escapeHtml(o.name)}"</a></p>`,
      ),
    ].join(''),
    headers: first.headers,
  };
}
